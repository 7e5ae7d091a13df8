import crypto from 'node:crypto';
import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3): about 50 ms here, slow enough for guessing. */
export const hashPassword = (plain: string) => argon2.hash(plain, { type: argon2.argon2id });

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** Letters and digits without the look-alikes (0/O, 1/l/I), so a password read off a screen is typed right. */
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** 12 characters, at least one letter and one digit: the password policy, about 70 bits. */
export function generatePassword(): string {
  const all = LETTERS + DIGITS;
  const chars = Array.from({ length: 12 }, (_, i) => (i === 0 ? LETTERS : i === 1 ? DIGITS : all)).map((set) => set[crypto.randomInt(set.length)]!);
  // The guaranteed letter and digit go to random places.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
