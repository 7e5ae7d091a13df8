import crypto from 'node:crypto';

/**
 * A terminal's auth code: 128 random bits, handed out once at registration and kept only as its
 * SHA-256 (the code itself is already unguessable, so a slow hash would add nothing but CPU per
 * connection).
 */
export function newAuthCode(): string {
  return crypto.randomBytes(16).toString('hex');
}

export function hashAuthCode(code: string): string {
  return crypto.createHash('sha256').update(code, 'utf8').digest('hex');
}

/** Compares a presented code with the stored hash in constant time. */
export function authCodeMatches(storedHash: string | null, presented: string): boolean {
  if (!storedHash) return false;
  const stored = Buffer.from(storedHash, 'hex');
  const given = Buffer.from(hashAuthCode(presented), 'hex');
  return stored.length === given.length && crypto.timingSafeEqual(stored, given);
}
