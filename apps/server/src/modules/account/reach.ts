import type { SessionUser } from '../session/session-user.js';

/**
 * The permissions of `held` the caller lacks. An administrator reaches (ends the sessions of, edits,
 * disables, resets) only users whose permissions they hold all of, and grants only permissions they
 * hold: otherwise a lesser administrator could act on, or create, one above them.
 */
export function beyondCaller(caller: Pick<SessionUser, 'permissions'>, held: readonly string[]): string[] {
  return held.filter((p) => !caller.permissions.has(p));
}

/** A role's stored permissions (a JSON array). */
export const permissionsOf = (stored: string): string[] => JSON.parse(stored) as string[];
