import { UserCalls, type UserCreate, type UserListQuery, type UserResetPassword, type UserUpdate } from '@cvrisk/contracts';
import { call, callWithMessage } from '../../api/call';

export const USERS_KEY = 'userManagement';

export function fetchUserPage(query: UserListQuery, signal: AbortSignal) {
  return call(UserCalls.list, { body: query }, { signal });
}

/** The generated password is in this one answer; the screen shows it once and keeps it nowhere. */
export async function createUser(body: UserCreate) {
  const { value, msg } = await callWithMessage(UserCalls.create, { body });
  return { ...value, msg };
}

export async function updateUser(body: UserUpdate) {
  return (await callWithMessage(UserCalls.update, { body })).msg;
}

export type UserAction = 'disable' | 'enable' | 'unlock';

export async function userAction(action: UserAction, id: number) {
  return (await callWithMessage(UserCalls[action], { body: { id } })).msg;
}

export async function resetPassword(body: UserResetPassword) {
  const { value, msg } = await callWithMessage(UserCalls.resetPassword, { body });
  return { password: value.password, msg };
}
