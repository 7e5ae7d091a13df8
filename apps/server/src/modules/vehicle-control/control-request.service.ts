import {
  CASE_STATE_LABELS, CONTROL_ACTION_LABELS, isCaseOpen, unmappedReason,
  type ControlAction, type ControlDecision, type ControlRequestCreate, type ControlRequestItem,
} from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { conflict, notFound, noPermission } from '../../lib/errors.js';
import type { CommandChannel } from '../../telemetry/commands/command-store.js';
import { mayRequestControl, type CaseAccess, type CaseRow } from '../recovery/case-access.js';
import type { SessionUser } from '../session/session-user.js';
import { checkInterlock } from './control-interlock.js';
import { controlItemOf, mayDecideFor } from './control-items.js';
import { isPlatform } from './control-mapping.service.js';
import type { ControlMappingRepository } from './control-mapping.repository.js';
import type { ControlRequestRepository, ControlRequestRow } from './control-request.repository.js';
import { controlTx, deliver, sendIn, stateConflict, type ControlTx, type Outgoing } from './control-steps.js';

const CASE_NOT_FOUND = '案件不存在';
const REQUEST_NOT_FOUND = '申请不存在';

export type ControlRequestDeps = {
  db: Db;
  access: CaseAccess;
  requests: ControlRequestRepository;
  mappings: ControlMappingRepository;
  channel: () => CommandChannel;
  /** CONTROL_STOPPED_KMH. */
  stoppedKmh: number;
  log: (err: unknown) => void;
  now?: () => number;
};

/**
 * The rule of two (issue 32): one person asks on a case, another of the same institution holding
 * vehicle:control approves or refuses. An approved restore goes out at once; an approved cut only
 * through the interlock, else it is held for the sweep. Each step is one transaction with its case
 * event and audit entry; the command is handed to the gateway after the commit.
 */
export function createControlRequestService(deps: ControlRequestDeps) {
  const { db, access, requests, mappings, channel, stoppedKmh, log, now = Date.now } = deps;
  const inTx = controlTx(db);

  async function itemFor(user: SessionUser, id: number): Promise<ControlRequestItem> {
    return controlItemOf((await requests.find(id))!, user);
  }

  /** The request and its case, if the caller sees the case; 404 otherwise, so ids reveal nothing. */
  async function visibleRequest(user: SessionUser, id: number): Promise<{ req: ControlRequestRow; caseRow: CaseRow }> {
    const req = await requests.find(id);
    const caseRow = req && (await access.visible(user.scope, req.case_id));
    if (!req || !caseRow) throw notFound(REQUEST_NOT_FOUND);
    return { req, caseRow };
  }

  /** Moves a request or answers 409 with the state another step left it in. */
  async function mustMove(tx: ControlTx, req: ControlRequestRow, moved: boolean, step: 'decide' | 'cancel'): Promise<void> {
    if (moved) return;
    const now = await tx.requests.find(req.id);
    throw stateConflict(now?.state ?? req.state, step);
  }

  return {
    async request(user: SessionUser, ip: string, input: ControlRequestCreate): Promise<ControlRequestItem> {
      const caseRow = await access.visible(user.scope, input.caseId);
      if (!caseRow) throw notFound(CASE_NOT_FOUND);
      const label = CONTROL_ACTION_LABELS[input.action].zh;
      // Who may ask is judged as if the case were open, so a closed case answers 409 naming its state rather than 403.
      if (!mayRequestControl(user, { ...caseRow, state: 'assigned' })) throw noPermission(`只有本机构的追车管理人员或负责本案的追车公司可以申请${label}`);
      if (!isCaseOpen(caseRow.state)) throw conflict(`案件当前状态为“${CASE_STATE_LABELS[caseRow.state].zh}”，不能申请${label}`);
      const device = (await access.devices(caseRow.id)).find((d) => d.device_number === input.deviceNumber);
      if (!device) throw notFound('该设备不属于本案车辆');
      const mapping = await mappings.find(device.model);
      if (!mapping) throw conflict(unmappedReason(device.model));
      const at = now();
      const id = await inTx(async (tx) => {
        await tx.requests.lockDevice(device.id);
        if (await tx.requests.inProgressOn(device.id)) throw conflict('该设备已有进行中的断油断电申请');
        const id = await tx.requests.insert({
          case_id: caseRow.id, device_id: device.id, finance_id: caseRow.finance_id, model: device.model, method: mapping.method, action: input.action,
          state: 'pending', reason: input.reason, requested_by: user.id, requested_at: at, decided_by: null, decided_at: null, decision_note: null,
          hold_reason: null, command_id: null, sent_at: null, answered_at: null, answer: null,
        });
        await tx.requests.caseEvent(caseRow.id, at, user.id, 'controlRequest', `${label}（${device.device_number}）：${input.reason}`);
        await tx.audit.record(user, ip, {
          action: 'vehicleControl.request', target: `案件${caseRow.id} ${device.device_number}`,
          detail: { id, caseId: caseRow.id, deviceId: device.id, action: input.action, reason: input.reason },
        });
        return id;
      });
      return itemFor(user, id);
    },

    async decide(user: SessionUser, ip: string, input: ControlDecision): Promise<ControlRequestItem> {
      const { req } = await visibleRequest(user, input.id);
      if (req.requested_by === user.id) throw noPermission('申请人不能审批自己的申请');
      if (!mayDecideFor(user, req.finance_id)) throw noPermission('只有本机构有车辆控制权限的用户可以审批');
      if (req.state !== 'pending') throw stateConflict(req.state, 'decide');
      const at = now();
      const decided = { decided_by: user.id, decided_at: at, decision_note: input.note || null };
      const action = req.action as ControlAction;
      const target = `案件${req.case_id} ${req.device_number}`;
      const out = await inTx(async (tx): Promise<Outgoing | null> => {
        if (!input.approve) {
          await mustMove(tx, req, await tx.requests.move(req.id, ['pending'], { ...decided, state: 'refused' }), 'decide');
          await tx.requests.caseEvent(req.case_id, at, user.id, 'controlRefuse', `${CONTROL_ACTION_LABELS[action].zh}（${req.device_number}）：${input.note}`);
          await tx.audit.record(user, ip, { action: 'vehicleControl.refuse', target, detail: { id: req.id, caseId: req.case_id, action, reason: input.note } });
          return null;
        }
        const lock = action === 'cut' ? checkInterlock((await tx.requests.fixes([req.device_id])).get(req.device_id), at, stoppedKmh) : { send: true as const };
        if (!lock.send) {
          await mustMove(tx, req, await tx.requests.move(req.id, ['pending'], { ...decided, state: 'held', hold_reason: lock.holdReason }), 'decide');
          await tx.requests.caseEvent(req.case_id, at, user.id, 'controlApprove', `${CONTROL_ACTION_LABELS[action].zh}（${req.device_number}）暂缓下发：${lock.holdReason}`);
          await tx.audit.record(user, ip, { action: 'vehicleControl.approve', target, detail: { id: req.id, caseId: req.case_id, action, sent: false, holdReason: lock.holdReason } });
          return null;
        }
        await tx.requests.caseEvent(req.case_id, at, user.id, 'controlApprove', `${CONTROL_ACTION_LABELS[action].zh}（${req.device_number}）${input.note ? `：${input.note}` : ''}`);
        const sent = await sendIn(tx, req, ['pending'], at, user.id, decided);
        if (sent.kind === 'lost') await mustMove(tx, req, false, 'decide');
        await tx.audit.record(user, ip, { action: 'vehicleControl.approve', target, detail: { id: req.id, caseId: req.case_id, action, sent: sent.kind === 'sent' } });
        return sent.kind === 'sent' ? sent.out : null;
      });
      await deliver(channel, out, log);
      return itemFor(user, req.id);
    },

    async cancel(user: SessionUser, ip: string, id: number): Promise<ControlRequestItem> {
      const { req } = await visibleRequest(user, id);
      if (req.requested_by !== user.id) throw noPermission('只有申请人可以撤回申请');
      if (req.state !== 'pending' && req.state !== 'held') throw stateConflict(req.state, 'cancel');
      const at = now();
      await inTx(async (tx) => {
        await mustMove(tx, req, await tx.requests.move(req.id, ['pending', 'held'], { state: 'cancelled', hold_reason: null }), 'cancel');
        await tx.requests.caseEvent(req.case_id, at, user.id, 'controlCancel', `${CONTROL_ACTION_LABELS[req.action as ControlAction].zh}（${req.device_number}）`);
        await tx.audit.record(user, ip, { action: 'vehicleControl.cancel', target: `案件${req.case_id} ${req.device_number}`, detail: { id: req.id, caseId: req.case_id, action: req.action } });
      });
      return itemFor(user, req.id);
    },

    /** What waits for the caller's decision: their institution's pending requests but their own. */
    async pending(user: SessionUser): Promise<ControlRequestItem[]> {
      if (isPlatform(user)) return [];
      return (await requests.pendingFor(user.scope, user.id)).map((r) => controlItemOf(r, user));
    },
  };
}

export type ControlRequestService = ReturnType<typeof createControlRequestService>;
