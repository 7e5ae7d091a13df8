import type { MessageKey } from '../../lib/i18n/zh';

/**
 * The policy's rules the console can check before sending (contracts `NewPassword`): the message key
 * of the first one broken, or null. Recent passwords only the server knows.
 */
export function brokenPasswordRule(password: string, username: string): MessageKey | null {
  if (password.length < 8) return 'account.password.short';
  if (password.length > 64) return 'account.password.long';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'account.password.mix';
  if (password.trim().toLowerCase() === username.toLowerCase()) return 'account.password.username';
  return null;
}
