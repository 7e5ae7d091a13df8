import { CustomerGrades, OverdueBuckets, overdueBucketOf, type CustomerGrade } from '@cvrisk/contracts';

/** What ranks an overdue customer, read for every match: cheap columns only. */
export type PriorityKey = { id: number; overdue_days: number; grade: string; overdue_amount_cents: number };

/** The collectors' first two keys as one number, smaller first: the longest-overdue bucket, then the most serious grade. */
function groupOf(k: PriorityKey): number {
  const bucket = OverdueBuckets.length - 1 - OverdueBuckets.indexOf(overdueBucketOf(k.overdue_days) ?? 'm1');
  return bucket * CustomerGrades.length + CustomerGrades.indexOf(k.grade as CustomerGrade);
}

/**
 * The groups (bucket, grade) that reach into the page: only their customers need the third key, how
 * long their car has been silent, which costs a look at every device. `skip`: the page's offset
 * within those candidates.
 */
export function candidatesForPage(keys: PriorityKey[], offset: number, limit: number): { candidates: PriorityKey[]; skip: number } {
  const groups = new Map<number, PriorityKey[]>();
  for (const k of keys) {
    const g = groupOf(k);
    const list = groups.get(g);
    if (list) list.push(k);
    else groups.set(g, [k]);
  }
  const candidates: PriorityKey[] = [];
  let before = 0;
  for (const g of [...groups.keys()].sort((a, b) => a - b)) {
    const list = groups.get(g)!;
    if (candidates.length === 0 && before + list.length <= offset) before += list.length;
    else if (before + candidates.length < offset + limit) candidates.push(...list);
    else break;
  }
  return { candidates, skip: offset - before };
}

/**
 * The candidates in the collectors' order: bucket and grade, then the car silent longest (never
 * reported first), the largest amount due, the newest customer.
 */
export function priorityOrder(candidates: PriorityKey[], lastReport: Map<number, number>): PriorityKey[] {
  const key = candidates.map((k) => ({ k, group: groupOf(k), silent: lastReport.get(k.id) ?? 0 }));
  key.sort((a, b) => a.group - b.group || a.silent - b.silent || b.k.overdue_amount_cents - a.k.overdue_amount_cents || b.k.id - a.k.id);
  return key.map((x) => x.k);
}
