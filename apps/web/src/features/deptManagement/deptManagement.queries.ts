import { DeptAdminCalls, type DeptAdminItem, type DeptCreate, type DeptMove, type DeptUpdate } from '@cvrisk/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';
import { freshList } from '../../app/queryClient';

export const DEPT_ADMIN_KEY = 'deptAdmin';

export function deptAdminQuery() {
  return queryOptions({
    queryKey: [DEPT_ADMIN_KEY],
    queryFn: ({ signal }) => call(DeptAdminCalls.list, { body: {} }, { signal }),
    ...freshList,
  });
}

/** After any change: this screen's list, and the department pickers of every other screen (their tree is cached longer). */
export function deptsChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [DEPT_ADMIN_KEY] });
  void client.invalidateQueries({ queryKey: ['dept'] });
}

type Done = { item: DeptAdminItem; msg: string };
const done = async (p: Promise<{ value: DeptAdminItem; msg: string }>): Promise<Done> => {
  const { value, msg } = await p;
  return { item: value, msg };
};

export const createDept = (body: DeptCreate) => done(callWithMessage(DeptAdminCalls.create, { body }));
export const updateDept = (body: DeptUpdate) => done(callWithMessage(DeptAdminCalls.update, { body }));
export const moveDept = (body: DeptMove) => done(callWithMessage(DeptAdminCalls.move, { body }));
export const disableDept = (id: number) => done(callWithMessage(DeptAdminCalls.disable, { body: { id } }));
export const enableDept = (id: number) => done(callWithMessage(DeptAdminCalls.enable, { body: { id } }));
