import { DEPT_PARENT_KIND, type CreatableDeptKind, type DeptAdminItem, type DeptKind } from '@cvrisk/contracts';

export type DeptRow = DeptAdminItem & {
  /** Users and devices of it and every department below it. */
  userTotal: number;
  deviceTotal: number;
  children?: DeptRow[];
};

/** The flat list (parents first) as a tree; totals summed bottom-up. Rows whose parent is not listed are roots. */
export function toTree(items: readonly DeptAdminItem[]): DeptRow[] {
  const byId = new Map<number, DeptRow>();
  const roots: DeptRow[] = [];
  for (const item of items) {
    const row: DeptRow = { ...item, userTotal: item.userCount, deviceTotal: item.deviceCount };
    byId.set(row.id, row);
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (parent) (parent.children ??= []).push(row);
    else roots.push(row);
  }
  const sum = (row: DeptRow): void => {
    for (const child of row.children ?? []) {
      sum(child);
      row.userTotal += child.userTotal;
      row.deviceTotal += child.deviceTotal;
    }
  };
  roots.forEach(sum);
  return roots;
}

/** The rows whose name contains `q`, with their ancestors (so each match keeps its place); every row when `q` is empty. */
export function filterTree(rows: DeptRow[], q: string): DeptRow[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return rows;
  const out: DeptRow[] = [];
  for (const row of rows) {
    const kids = filterTree(row.children ?? [], needle);
    if (row.name.toLowerCase().includes(needle) || kids.length > 0) out.push({ ...row, children: kids.length > 0 ? kids : undefined });
  }
  return out;
}

export const allIds = (rows: readonly DeptRow[]): number[] => rows.flatMap((r) => [r.id, ...allIds(r.children ?? [])]);

/** The kinds that may be created under a department of this kind. */
export const childKinds = (kind: DeptKind): CreatableDeptKind[] =>
  (Object.keys(DEPT_PARENT_KIND) as CreatableDeptKind[]).filter((k) => DEPT_PARENT_KIND[k] === kind);

/**
 * Where a department may move: a department of the kind its parent must be, not itself or below it,
 * not where it already is, not disabled. Institutions sit under the one platform and so have nowhere else.
 */
export function moveTargets(items: readonly DeptAdminItem[], dept: DeptAdminItem): DeptAdminItem[] {
  if (dept.kind === 'platform') return [];
  const wanted = DEPT_PARENT_KIND[dept.kind];
  const below = new Set<number>([dept.id]);
  for (const i of items) if (i.parentId !== null && below.has(i.parentId)) below.add(i.id);
  return items.filter((i) => i.kind === wanted && !below.has(i.id) && i.id !== dept.parentId && !i.disabled && !i.disabledAbove);
}
