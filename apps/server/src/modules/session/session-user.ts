import type { Scope } from '../../lib/scope.js';

/** The signed-in caller, resolved once per request from the token. */
export type SessionUser = {
  id: number;
  username: string;
  realname: string;
  avatar: string;
  deptId: number;
  deptName: string;
  deptKind: string;
  roleName: string;
  permissions: ReadonlySet<string>;
  /** Read with the session on every request, so a password changed in another tab clears it at once. */
  mustChangePassword: boolean;
  scope: Scope;
  tokenHash: string;
};
