import { luhnCheckDigit } from '../../lib/luhn.js';

/**
 * The device number the platform files a terminal under, from its header phone field: the BCD
 * digits without the zeros that pad them to 12 (2013) or 20 (2019) digits.
 * Some trackers put a 14-digit IMEI into the 6 bytes as a binary number instead of BCD (hex
 * letters show it); their number is that IMEI with its Luhn check digit, as printed on the unit.
 */
export function deviceNumberFromPhone(phone: string): string {
  if (/^\d+$/.test(phone)) return phone.replace(/^0+(?=.)/, '');
  if (phone.length === 12) {
    const imei14 = String(parseInt(phone, 16));
    if (imei14.length === 14) return imei14 + luhnCheckDigit(imei14);
  }
  return phone.toLowerCase();
}
