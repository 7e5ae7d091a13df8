import { RoleCalls, type RoleCreate, type RoleUpdate } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

export const ROLES_KEY = 'roles';

/** The roles the caller sees (own and shared); the user screen's role filter and picker read the same entry. */
export function rolesQuery(name?: string) {
  return queryOptions({
    queryKey: [ROLES_KEY, name ?? ''],
    queryFn: ({ signal }) => call(RoleCalls.list, { body: { name } }, { signal }),
  });
}

export async function createRole(body: RoleCreate) {
  return (await callWithMessage(RoleCalls.create, { body })).msg;
}

export async function updateRole(body: RoleUpdate) {
  return (await callWithMessage(RoleCalls.update, { body })).msg;
}

export async function deleteRole(id: number) {
  return (await callWithMessage(RoleCalls.delete, { body: { id } })).msg;
}
