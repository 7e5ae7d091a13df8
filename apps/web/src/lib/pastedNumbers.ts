/**
 * Pasted device numbers, read by the same rule as the contract's DevNumbersQuery (commas of either
 * width, semicolons, spaces and new lines separate; a repeat counts once), so the count the dialog
 * shows is the count the server will look up.
 */
const SEPARATORS = /[\s,，;；]+/;
export const MAX_BATCH = 1000;
const MAX_NUMBER_LENGTH = 30;

export function splitDeviceNumbers(text: string): string[] {
  return [...new Set(text.split(SEPARATORS).map((n) => n.trim()).filter(Boolean))];
}

export type PasteProblem = { kind: 'empty' } | { kind: 'tooMany'; count: number } | { kind: 'tooLong'; number: string };

export function pasteProblem(numbers: string[]): PasteProblem | null {
  if (numbers.length === 0) return { kind: 'empty' };
  if (numbers.length > MAX_BATCH) return { kind: 'tooMany', count: numbers.length };
  const long = numbers.find((n) => n.length > MAX_NUMBER_LENGTH);
  return long ? { kind: 'tooLong', number: long } : null;
}

/** The asked numbers that did not come back (unknown, or outside the caller's scope), in pasted order. */
export function missingNumbers(asked: readonly string[], found: readonly { deviceNumber: string }[]): string[] {
  const have = new Set(found.map((d) => d.deviceNumber));
  return asked.filter((n) => !have.has(n));
}
