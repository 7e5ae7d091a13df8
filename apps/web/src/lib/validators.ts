/** The console's input checks (console-spec §5): pure predicates, one per rule. */

export function isPassword(value: string): boolean {
  return value.length >= 6;
}

export function isDigits(value: string): boolean {
  return /^[0-9]+$/.test(value);
}

/** Chinese characters, letters or digits only — no spaces or punctuation. */
export function isName(value: string): boolean {
  return /^[\u4e00-\u9fa5a-zA-Z0-9]+$/.test(value);
}

export function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

export function isUrl(value: string): boolean {
  if (!/^(https?|ftp):\/\/[^\s/$.?#][^\s]*$/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Mainland mobile number: 11 digits starting with 1. */
export function isPhone(value: string): boolean {
  return /^1\d{10}$/.test(value);
}

/** Resident identity card: 15 digits (first generation) or 17 digits plus a digit or X. */
export function isIdCard(value: string): boolean {
  return /^(\d{15}|\d{17}[\dXx])$/.test(value);
}

export function isEmail(value: string): boolean {
  return /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(value);
}

/** A Chinese personal name: 2 to 4 Chinese characters. */
export function isChineseName(value: string): boolean {
  return /^[\u4e00-\u9fa5]{2,4}$/.test(value);
}

/** Blank as the back ends send it: missing, empty, or the literal text 'null'. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || value === 'null';
}

/** Landline: area code 0 + 2–3 digits, a dash, then 7–8 digits (0571-88888888, 021-1234567). */
export function isTelephone(value: string): boolean {
  return /^0\d{2,3}-\d{7,8}$/.test(value);
}

/** A non-negative amount with at most two decimals. */
export function isAmount(value: string): boolean {
  return /^(0|[1-9]\d*)(\.\d{1,2})?$/.test(value);
}

const COORDINATE = /^-?(0|[1-9]\d{0,2})(\.\d{1,5})?$/;

export function isLongitude(value: string): boolean {
  return COORDINATE.test(value) && Math.abs(Number(value)) <= 180;
}

export function isLatitude(value: string): boolean {
  return COORDINATE.test(value) && Math.abs(Number(value)) <= 90;
}

export function isPort(value: string): boolean {
  return /^(0|[1-9]\d{0,4})$/.test(value) && Number(value) <= 65535;
}

/** rtsp://host[:port][/path], optionally with user:password@. */
export function isRtsp(value: string): boolean {
  return /^rtsp:\/\/([^\s:@/]+(:[^\s@/]*)?@)?[A-Za-z0-9.-]+(:\d{1,5})?(\/\S*)?$/i.test(value);
}
