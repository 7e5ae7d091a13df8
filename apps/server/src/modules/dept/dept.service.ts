import type { DeptKind, DeptNode, FinancialInstitution } from '@cvrisk/contracts';
import { notFound } from '../../lib/errors.js';
import type { SessionUser } from '../session/session-user.js';
import type { DeptRepository, DeptRow } from './dept.repository.js';

/** Rows whose parent is not among them become roots: the caller's own department, usually. */
export function buildTree(rows: DeptRow[]): DeptNode[] {
  const nodes = new Map<number, DeptNode>();
  for (const r of rows) {
    nodes.set(r.id, { id: r.id, parentId: r.parent_id, name: r.name, kind: r.kind as DeptKind, city: r.city, disabled: Number(r.disabled) === 1, children: [] });
  }
  const roots: DeptNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export function createDeptService(repo: DeptRepository) {
  return {
    /** The tree under the given user's department (default: the caller), within the caller's scope. */
    async treeForUser(caller: SessionUser, userId: number | undefined): Promise<DeptNode[]> {
      const rows = await repo.listInScope(caller.scope);
      if (userId === undefined || userId === caller.id) return buildTree(rows.filter((r) => r.path.startsWith(pathOf(rows, caller.deptId))));
      const target = await repo.findUserDept(caller.scope, userId);
      if (!target) throw notFound('用户不存在');
      return buildTree(rows.filter((r) => r.path.startsWith(target.path)));
    },

    /** The finance institution a department in the caller's scope belongs to (dealer staff may ask about their own dealer). */
    async financialOf(caller: SessionUser, deptId: number): Promise<FinancialInstitution> {
      const dept = await repo.findInScope(caller.scope, deptId);
      if (!dept) throw notFound('部门不存在');
      const fin = await repo.financeAmong(dept.path.split('/').filter(Boolean).map(Number));
      if (!fin) throw notFound('该部门不属于任何金融机构');
      return fin;
    },
  };
}

function pathOf(rows: DeptRow[], deptId: number): string {
  return rows.find((r) => r.id === deptId)?.path ?? '';
}
