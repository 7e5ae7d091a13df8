import { CASE_ACTION_LABELS, CONTROL_EVENT_LABELS, formatTime, type CaseAction, type ControlEventAction, type CaseItem, type CaseSource, type CaseState } from '@cvrisk/contracts';
import type { CaseListRow } from './case.repository.js';

const minutes = (from: number, to: number) => Math.max(0, Math.round((to - from) / 60_000));
const time = (ms: number | null) => (ms === null ? null : formatTime(Number(ms)));

/** Shown to people: R + the opening day (Asia/Shanghai) + the id, so a phone call can name a case. */
export const caseNo = (id: number, openedAt: number) => `R${formatTime(openedAt).slice(0, 10).replace(/-/g, '')}-${String(id).padStart(6, '0')}`;

export type CarOfCase = { case_id: number; id: number; plate_number: string; frame_number: string; brand: string | null };

export function toCaseItem(r: CaseListRow, cars: readonly CarOfCase[], now: number): CaseItem {
  const opened = Number(r.opened_at);
  const closed = r.closed_at === null ? null : Number(r.closed_at);
  const found = r.first_found_at === null ? null : Number(r.first_found_at);
  const recovered = r.recovered_at === null ? null : Number(r.recovered_at);
  return {
    id: r.id, caseNo: caseNo(r.id, opened), state: r.state as CaseState, source: r.source as CaseSource, reason: r.reason,
    customerId: r.customer_id, customerName: r.customer_name,
    cars: cars.filter((c) => c.case_id === r.id).map((c) => ({ carId: c.id, plateNumber: c.plate_number || null, frameNumber: c.frame_number, brand: c.brand })),
    deptId: r.dept_id, deptName: r.dept_name, financeName: r.finance_name, teamDeptId: r.team_dept_id, teamName: r.team_name,
    overdueDays: r.overdue_days === null ? null : Number(r.overdue_days),
    openedBy: r.opened_by_name, openedAt: formatTime(opened), assignedAt: time(r.assigned_at), firstFoundAt: time(found), closedAt: time(closed),
    openMinutes: minutes(opened, closed ?? now),
    minutesToFound: found === null ? null : minutes(opened, found),
    minutesToRecovered: recovered === null ? null : minutes(opened, recovered),
    updatedAt: formatTime(Number(r.updated_at)),
  };
}

/** History actions besides the case actions and immobilisation's steps: opening, links. */
const OTHER_ACTIONS: Record<string, string> = {
  open: '新建案件',
  linkCreate: '创建外勤链接',
  linkRevoke: '撤销外勤链接',
};

export const eventName = (action: string) =>
  CASE_ACTION_LABELS[action as CaseAction]?.zh ?? CONTROL_EVENT_LABELS[action as ControlEventAction]?.zh ?? OTHER_ACTIONS[action] ?? action;
