import { formatTime, type ControlAction, type ControlMethod, type ControlRequestItem, type ControlState } from '@cvrisk/contracts';
import { scopeHas } from '../../lib/scope.js';
import type { SessionUser } from '../session/session-user.js';
import { isPlatform } from './control-mapping.service.js';
import type { ControlRequestRow } from './control-request.repository.js';

type Caller = Pick<SessionUser, 'id' | 'deptKind' | 'permissions' | 'scope'>;

const time = (ms: number | null) => (ms === null ? null : formatTime(ms));

/**
 * The second person of the rule of two: holds vehicle:control, belongs to the request's institution
 * (its scope holds the institution, and it is not platform staff, who hold every scope), and is not the requester.
 */
export const mayDecideFor = (u: Caller, financeId: number) => u.permissions.has('vehicle:control') && !isPlatform(u) && scopeHas(u.scope, financeId);

export const canDecide = (u: Caller, r: ControlRequestRow) => r.state === 'pending' && r.requested_by !== u.id && mayDecideFor(u, r.finance_id);

export const canCancel = (u: Caller, r: ControlRequestRow) => r.requested_by === u.id && (r.state === 'pending' || r.state === 'held');

export function controlItemOf(r: ControlRequestRow, u: Caller): ControlRequestItem {
  return {
    id: r.id, caseId: r.case_id, deviceNumber: r.device_number, model: r.model, method: r.method as ControlMethod, action: r.action as ControlAction,
    state: r.state as ControlState, reason: r.reason, requestedBy: r.requested_by_name, requestedAt: formatTime(r.requested_at),
    decidedBy: r.decided_by_name, decidedAt: time(r.decided_at), decisionNote: r.decision_note, sentAt: time(r.sent_at),
    answeredAt: time(r.answered_at), answer: r.answer, holdReason: r.hold_reason, canDecide: canDecide(u, r), canCancel: canCancel(u, r),
  };
}
