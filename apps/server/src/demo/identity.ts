import type { Rng } from './random.js';

/** GB 11643-1999 weights of the first 17 digits of a resident identity-card number. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The 18th character of an identity-card number whose first 17 digits are given. */
export function idCardCheckDigit(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error(`not 17 digits: ${first17}`);
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] as number);
  return ID_CHECK[sum % 11] as string;
}

export function isValidIdCard(id: string): boolean {
  return /^\d{17}[\dX]$/.test(id) && idCardCheckDigit(id.slice(0, 17)) === id[17];
}

/**
 * An identity-card number: area code, birth date YYYYMMDD, a 3-digit sequence whose last digit is
 * odd for men and even for women, then the check digit.
 */
export function makeIdCard(area: string, birth: Date, sequence: number, male: boolean): string {
  const seq = sequence * 2 + (male ? 1 : 0);
  if (seq > 999) throw new Error(`sequence out of range: ${sequence}`);
  const ymd =
    String(birth.getUTCFullYear()) +
    String(birth.getUTCMonth() + 1).padStart(2, '0') +
    String(birth.getUTCDate()).padStart(2, '0');
  const first17 = area + ymd + String(seq).padStart(3, '0');
  return first17 + idCardCheckDigit(first17);
}


/** Mainland mobile prefixes in use by the three carriers; the 14x/16x ranges are rarely seen. */
const MOBILE_PREFIXES = [
  '130', '131', '132', '133', '135', '136', '137', '138', '139', '150', '151', '152', '155', '156',
  '157', '158', '159', '170', '176', '177', '178', '180', '181', '182', '183', '185', '186', '187',
  '188', '189', '191', '193', '195', '198', '199',
];

export function makeMobile(rng: Rng): string {
  return rng.pick(MOBILE_PREFIXES) + rng.digits(8);
}
