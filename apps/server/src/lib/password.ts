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
