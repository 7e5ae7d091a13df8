import type { ControlEventAction, ControlState } from '@cvrisk/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ControlRequestTable } from '../../db/schema.js';
import { isSqlite } from '../../db/dialect.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { caseVisible } from '../recovery/case-access.js';

/** A request as stored, with the names and device number the console shows. */
export type ControlRequestRow = Omit<ControlRequestTable, 'id'> & { id: number; device_number: string; requested_by_name: string; decided_by_name: string | null };

/** The latest fix as the interlock reads it. */
export type FixStatus = { speed: number; last_time: number; status_word: number };

type Patch = Partial<Omit<ControlRequestTable, 'id' | 'case_id' | 'device_id' | 'finance_id'>>;

/** The requests in progress on a device: while one is, no other may be asked for. */
export const IN_PROGRESS: readonly ControlState[] = ['pending', 'held', 'sent'];

/**
 * `control_request` and what its steps read and write (the case's history, the device's latest fix).
 * The reads a caller asks for take their scope; the sweep's are the server's own (every institution).
 */
export function createControlRequestRepository(db: Db) {
  function rows() {
    return db.selectFrom('control_request as r')
      .innerJoin('device as d', 'd.id', 'r.device_id')
      .innerJoin('app_user as ru', 'ru.id', 'r.requested_by')
      .leftJoin('app_user as du', 'du.id', 'r.decided_by')
      .select([
        'r.id', 'r.case_id', 'r.device_id', 'd.device_number', 'r.finance_id', 'r.model', 'r.method', 'r.action', 'r.state', 'r.reason',
        'r.requested_by', 'ru.realname as requested_by_name', 'r.requested_at', 'r.decided_by', 'du.realname as decided_by_name', 'r.decided_at',
        'r.decision_note', 'r.hold_reason', 'r.command_id', 'r.sent_at', 'r.answered_at', 'r.answer',
      ]);
  }

  return {
    find(id: number): Promise<ControlRequestRow | undefined> {
      return rows().where('r.id', '=', id).executeTakeFirst();
    },
    /** A case's requests, newest first (the caller has been shown the case). */
    ofCase(caseId: number): Promise<ControlRequestRow[]> {
      return rows().where('r.case_id', '=', caseId).orderBy('r.id', 'desc').execute();
    },
    /** Pending requests of the institutions the caller's scope holds, on cases it sees, not asked by the caller; newest first. */
    pendingFor(scope: Scope, userId: number): Promise<ControlRequestRow[]> {
      return rows().innerJoin('recovery_case', 'recovery_case.id', 'r.case_id')
        .where('r.state', '=', 'pending').where((eb) => inScope(eb, 'r.finance_id', scope)).where(caseVisible(scope))
        .where('r.requested_by', '!=', userId)
        .orderBy('r.requested_at', 'desc').orderBy('r.id', 'desc').execute();
    },
    /** Held requests (the sweep), oldest first. */
    held(): Promise<ControlRequestRow[]> {
      return rows().where('r.state', '=', 'held').orderBy('r.id').execute();
    },
    /** Sent requests whose command the terminal has answered (or refused). */
    answered() {
      return db.selectFrom('control_request as r').innerJoin('device_command as c', 'c.id', 'r.command_id')
        .select(['r.id', 'r.case_id', 'r.action', 'c.state as command_state', 'c.reply', 'c.answered_at'])
        .where('r.state', '=', 'sent').where('c.state', 'in', ['answered', 'failed'])
        .orderBy('r.id').execute();
    },
    /** Cuts sent before `before` whose command still waits in the queue for its terminal to connect. */
    undeliveredCuts(before: number) {
      return db.selectFrom('control_request as r').innerJoin('device_command as c', 'c.id', 'r.command_id')
        .select(['r.id', 'r.case_id', 'r.command_id', 'r.device_id'])
        .where('r.state', '=', 'sent').where('r.action', '=', 'cut').where('c.state', '=', 'queued').where('r.sent_at', '<', before)
        .orderBy('r.id').execute();
    },
    /** Takes a command back before any gateway claimed it; false when one already has. */
    async recallCommand(commandId: number, reply: string, at: number): Promise<boolean> {
      const r = await db.updateTable('device_command').set({ state: 'failed', reply, answered_at: at }).where('id', '=', commandId).where('state', '=', 'queued').executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /**
     * Serialises requests on one device: two people asking at once would otherwise both find none in
     * progress. SQLite runs one write transaction at a time already; PostgreSQL locks the device row.
     */
    async lockDevice(deviceId: number): Promise<void> {
      if (isSqlite(db)) return;
      await sql`select id from device where id = ${deviceId} for update`.execute(db);
    },
    async inProgressOn(deviceId: number): Promise<boolean> {
      const row = await db.selectFrom('control_request').select('id').where('device_id', '=', deviceId).where('state', 'in', [...IN_PROGRESS]).executeTakeFirst();
      return row !== undefined;
    },
    async insert(v: Omit<ControlRequestTable, 'id'>): Promise<number> {
      return (await db.insertInto('control_request').values(v).returning('id').executeTakeFirstOrThrow()).id;
    },
    /**
     * The one way a request changes: only from one of the states it was read in, in one statement, so
     * of two people (or a person and the sweep) acting at once exactly one moves it.
     */
    async move(id: number, from: readonly ControlState[], patch: Patch): Promise<boolean> {
      const r = await db.updateTable('control_request').set(patch).where('id', '=', id).where('state', 'in', [...from]).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Pending and held requests of a case that closes are withdrawn; answers their ids. */
    async cancelOpenOfCase(caseId: number): Promise<number[]> {
      const rows = await db.updateTable('control_request').set({ state: 'cancelled', hold_reason: null })
        .where('case_id', '=', caseId).where('state', 'in', ['pending', 'held']).returning('id').execute();
      return rows.map((r) => r.id);
    },
    async caseEvent(caseId: number, at: number, userId: number | null, action: ControlEventAction, reason: string | null): Promise<void> {
      await db.insertInto('recovery_case_event').values({ case_id: caseId, at, user_id: userId, action, from_state: null, to_state: null, reason: reason?.slice(0, 300) ?? null }).execute();
    },
    /** The devices' latest fixes (device_status), by device id; a device that never reported is absent. */
    async fixes(deviceIds: readonly number[]): Promise<Map<number, FixStatus>> {
      if (deviceIds.length === 0) return new Map();
      const rows = await db.selectFrom('device_status').select(['device_id', 'speed', 'last_time', 'status_word']).where('device_id', 'in', [...new Set(deviceIds)]).execute();
      return new Map(rows.map((r) => [r.device_id, { speed: Number(r.speed), last_time: Number(r.last_time), status_word: Number(r.status_word) }]));
    },
  };
}

export type ControlRequestRepository = ReturnType<typeof createControlRequestRepository>;
