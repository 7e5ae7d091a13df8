import { COMMAND_IDS, CONTROL_ACTION_LABELS, CONTROL_LIMITS, type ControlAction } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { createCommandStore, type CommandChannel } from '../../telemetry/commands/command-store.js';
import type { AuditActor } from '../audit/audit.repository.js';
import { checkInterlock } from './control-interlock.js';
import { createControlRequestRepository } from './control-request.repository.js';
import { controlTx, deliver, sendIn } from './control-steps.js';

const HOLD_MS = CONTROL_LIMITS.holdHours * 3600_000;
const FIX_MS = CONTROL_LIMITS.maxFixAgeMinutes * 60_000;
/** A held cut with no fresh fix asks its terminal where it is this often (0x8201), rather than wait for its next report. */
export const POSITION_ASK_MS = 2 * 60_000;
const RECALLED = `终端离线，指令${CONTROL_LIMITS.maxFixAgeMinutes}分钟内未送达，已撤回；恢复在线并停稳后重新下发`;

/** The server acting on its own: the entry shows in the institution's audit log. */
const serverActor = (financeId: number): AuditActor => ({ id: null, username: '系统', deptId: financeId });

export type ControlSweepDeps = {
  db: Db;
  channel: () => CommandChannel;
  /** CONTROL_STOPPED_KMH. */
  stoppedKmh: number;
  now: () => number;
  log: (err: unknown) => void;
};

/**
 * The server's side of immobilisation, every CONTROL_SWEEP_SECONDS: a held cut goes out once its car's
 * latest fix passes the interlock, or is given up after CONTROL_LIMITS.holdHours; a cut still queued
 * for an offline terminal after maxFixAgeMinutes is taken back and held again (it would otherwise
 * reach the car whenever the terminal reconnects, perhaps at speed); a sent request whose command the
 * terminal answered is done or failed. Every move is a conditional UPDATE from the state read, so
 * several API processes may sweep at once and a person's step in between stands.
 */
export function createControlSweep(deps: ControlSweepDeps) {
  const { db, channel, stoppedKmh, now, log } = deps;
  const requests = createControlRequestRepository(db);
  const inTx = controlTx(db);
  const commands = createCommandStore(db, now);
  const asked = new Map<number, number>();

  /**
   * A parked terminal reports every 15 minutes or so: a held cut would wait that long for a fix under
   * 10 minutes old. Asking for the position (0x8201) gets one within seconds from a connected terminal.
   * Only while none is queued, so an offline terminal does not collect them.
   */
  async function askPosition(deviceId: number, deviceNumber: string, at: number): Promise<void> {
    if (at - (asked.get(deviceId) ?? 0) < POSITION_ASK_MS) return;
    asked.set(deviceId, at);
    if ((await commands.queuedFor(deviceId)).some((c) => c.command === COMMAND_IDS.positionQuery)) return;
    const id = await commands.create(deviceId, COMMAND_IDS.positionQuery, {}, null);
    await deliver(channel, { deviceNumber, command: { id, device_id: deviceId, command: COMMAND_IDS.positionQuery, params: '{}', state: 'queued' } }, log);
  }

  async function held(at: number): Promise<void> {
    const rows = await requests.held();
    const fixes = await requests.fixes(rows.map((r) => r.device_id));
    for (const r of rows) {
      const action = CONTROL_ACTION_LABELS[r.action as ControlAction].zh;
      if (at - (r.decided_at ?? r.requested_at) >= HOLD_MS) {
        await inTx(async (tx) => {
          if (!(await tx.requests.move(r.id, ['held'], { state: 'expired', hold_reason: null }))) return;
          await tx.requests.caseEvent(r.case_id, at, null, 'controlExpired', `${action}（${r.device_number}）：批准后${CONTROL_LIMITS.holdHours}小时内未能下发（${r.hold_reason ?? ''}）`);
        });
        continue;
      }
      const lock = r.action === 'cut' ? checkInterlock(fixes.get(r.device_id), at, stoppedKmh) : { send: true as const };
      if (!lock.send) {
        if (lock.holdReason !== r.hold_reason) await requests.move(r.id, ['held'], { hold_reason: lock.holdReason });
        if (lock.stale) await askPosition(r.device_id, r.device_number, at);
        continue;
      }
      const out = await inTx(async (tx) => {
        const sent = await sendIn(tx, r, ['held'], at, null);
        if (sent.kind !== 'sent') return null;
        await tx.audit.recordFor(serverActor(r.finance_id), '-', {
          action: 'vehicleControl.sent', target: `案件${r.case_id} ${r.device_number}`, detail: { id: r.id, caseId: r.case_id, deviceId: r.device_id, action: r.action },
        });
        return sent.out;
      });
      await deliver(channel, out, log);
    }
  }

  async function undelivered(at: number): Promise<void> {
    for (const r of await requests.undeliveredCuts(at - FIX_MS)) {
      await inTx(async (tx) => {
        if (!(await tx.requests.recallCommand(r.command_id!, RECALLED, at))) return;
        await tx.requests.move(r.id, ['sent'], { state: 'held', hold_reason: RECALLED, command_id: null, sent_at: null });
        await tx.requests.caseEvent(r.case_id, at, null, 'controlRecalled', RECALLED);
      });
    }
  }

  async function answered(at: number): Promise<void> {
    for (const r of await requests.answered()) {
      const ok = r.command_state === 'answered';
      await inTx(async (tx) => {
        const moved = await tx.requests.move(r.id, ['sent'], { state: ok ? 'done' : 'failed', answered_at: r.answered_at, answer: r.reply?.slice(0, 200) ?? null });
        if (moved) await tx.requests.caseEvent(r.case_id, r.answered_at ?? at, null, ok ? 'controlDone' : 'controlFailed', r.reply);
      });
    }
  }

  return {
    /** One pass. */
    async run(): Promise<void> {
      const at = now();
      await answered(at);
      await undelivered(at);
      await held(at);
    },
  };
}

export type ControlSweep = ReturnType<typeof createControlSweep>;

/**
 * For the case's close transaction (the recovery module): its pending and held requests are
 * withdrawn, each with a line in the case's history by the server. Sent ones run their course.
 */
export async function cancelOpenControls(tx: Db, caseId: number, at: number): Promise<void> {
  const requests = createControlRequestRepository(tx);
  for (const id of await requests.cancelOpenOfCase(caseId)) {
    await requests.caseEvent(caseId, at, null, 'controlCancel', `案件已结案，申请 #${id} 自动撤回`);
  }
}
