import { CONTROL_ACTION_LABELS, CONTROL_METHOD_LABELS, CONTROL_STATE_LABELS, unmappedReason, type ControlAction, type ControlState } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { conflict } from '../../lib/errors.js';
import { createCommandStore, type CommandChannel, type StoredCommand } from '../../telemetry/commands/command-store.js';
import { controlCommand } from '../../telemetry/commands/vehicle-control-command.js';
import type { ControlMappingRow } from '../../telemetry/commands/seeded-control-mapping.js';
import { createAuditRepository, type AuditRepository } from '../audit/audit.repository.js';
import { createControlMappingRepository, type ControlMappingRepository } from './control-mapping.repository.js';
import { createControlRequestRepository, type ControlRequestRepository, type ControlRequestRow } from './control-request.repository.js';

/** What one transaction of a request's step writes through. */
export type ControlTx = { requests: ControlRequestRepository; mappings: ControlMappingRepository; audit: AuditRepository; db: Db };

export function controlTx(db: Db) {
  return <T>(work: (tx: ControlTx) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => work({ requests: createControlRequestRepository(trx), mappings: createControlMappingRepository(trx), audit: createAuditRepository(trx), db: trx }));
}

/** A stored command to hand to the gateway once its transaction has committed. */
export type Outgoing = { deviceNumber: string; command: StoredCommand };

/** What a send step did: sent (deliver `out` after the commit), failed (the model lost its mapping), or lost the claim to another step. */
export type SendResult = { kind: 'sent'; out: Outgoing } | { kind: 'failed' } | { kind: 'lost' };

const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(2, '0')}`;

/** The command in words, for the case's history: "终端控制 0x8105 控制字 0xF0". */
function describe(mapping: ControlMappingRow, action: ControlAction): string {
  const method = CONTROL_METHOD_LABELS[mapping.method].zh;
  if (mapping.method === 'text') return `${method}“${action === 'cut' ? mapping.cut_text : mapping.restore_text}”`;
  const code = action === 'cut' ? mapping.cut_code : mapping.restore_code;
  return `${method} ${mapping.method === 'terminalControl' ? '控制字' : '控制标志'} ${hex(code ?? 0)}`;
}

/** Why a request is not in the state a step needs: "申请已批准，不能重复审批". */
export function stateConflict(state: string, step: 'decide' | 'cancel') {
  const s = state as ControlState;
  if (step === 'decide') {
    if (s === 'refused') return conflict('申请已拒绝，不能重复审批');
    if (s === 'held' || s === 'sent' || s === 'done' || s === 'failed') return conflict('申请已批准，不能重复审批');
    return conflict(`申请${CONTROL_STATE_LABELS[s]?.zh ?? state}，不能审批`);
  }
  if (s === 'cancelled') return conflict('申请已撤回，不能重复撤回');
  return conflict(`申请${CONTROL_STATE_LABELS[s]?.zh ?? state}，不能撤回`);
}

/**
 * Sends a request's command inside `tx`: claims the request from one of `from` (a conditional
 * UPDATE, so of two deciders, or a decider and the sweep, one sends), stores the device_command and
 * records it in the case's history. A model whose mapping has gone since the request fails with the reason.
 */
export async function sendIn(
  tx: ControlTx, req: ControlRequestRow, from: readonly ControlState[], at: number, by: number | null, patch: { decided_by?: number; decided_at?: number; decision_note?: string | null } = {},
): Promise<SendResult> {
  const mapping = await tx.mappings.find(req.model);
  if (!mapping) {
    const answer = unmappedReason(req.model);
    if (!(await tx.requests.move(req.id, from, { ...patch, state: 'failed', hold_reason: null, answer, answered_at: at }))) return { kind: 'lost' };
    await tx.requests.caseEvent(req.case_id, at, by, 'controlFailed', answer);
    return { kind: 'failed' };
  }
  if (!(await tx.requests.move(req.id, from, { ...patch, state: 'sent', method: mapping.method, hold_reason: null, sent_at: at }))) return { kind: 'lost' };
  const action = req.action as ControlAction;
  const { command, params } = controlCommand(mapping, action);
  const id = await createCommandStore(tx.db, () => at).create(req.device_id, command, params, by);
  await tx.requests.move(req.id, ['sent'], { command_id: id });
  await tx.requests.caseEvent(req.case_id, at, by, 'controlSent', `${CONTROL_ACTION_LABELS[action].zh}：${req.device_number} ${describe(mapping, action)}`);
  return { kind: 'sent', out: { deviceNumber: req.device_number, command: { id, device_id: req.device_id, command, params: JSON.stringify(params), state: 'queued' } } };
}

/**
 * Hands a committed command to the gateway. It is stored already: a terminal that is not connected
 * (or a broker that fails now) gets it from the queue when it next connects, so a failure is logged, not raised.
 */
export async function deliver(channel: () => CommandChannel, out: Outgoing | null, log: (err: unknown) => void): Promise<void> {
  if (!out) return;
  try {
    await channel().deliver(out.deviceNumber, out.command);
  } catch (err) {
    log(err);
  }
}
