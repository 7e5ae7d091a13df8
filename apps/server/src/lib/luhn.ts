/** The Luhn check digit that IMEI and ICCID numbers end with. */
export function luhnCheckDigit(payload: string): string {
  let sum = 0;
  // Doubling starts at the rightmost payload digit, since the check digit will sit to its right.
  for (let i = 0; i < payload.length; i++) {
    let d = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidLuhn(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);
}
