import type { Db } from '../../db/database.js';

export type StoredCommand = { id: number; device_id: number; command: number; params: string; state: string };

/** Command rows as both the console's calls and the gateway see them. */
export function createCommandStore(db: Db, now: () => number = Date.now) {
  return {
    async create(deviceId: number, command: number, params: object, createdBy: number | null): Promise<number> {
      const row = await db
        .insertInto('device_command')
        .values({ device_id: deviceId, command, params: JSON.stringify(params), state: 'queued', reply: null, serial: null, created_by: createdBy, created_at: now(), sent_at: null, answered_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    queuedFor(deviceId: number): Promise<StoredCommand[]> {
      return db.selectFrom('device_command').select(['id', 'device_id', 'command', 'params', 'state']).where('device_id', '=', deviceId).where('state', '=', 'queued').orderBy('id').execute();
    },
    /**
     * Marks a queued command sent with this serial; false when it is no longer queued. A gateway claims
     * before writing, so a command announced twice, or while its terminal authenticates, goes out once.
     */
    async claim(id: number, serial: number): Promise<boolean> {
      const r = await db.updateTable('device_command').set({ state: 'sent', serial, sent_at: now() })
        .where('id', '=', id).where('state', '=', 'queued').executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** The terminal answered the message with this serial; 'failed' when it said it could not. */
    async markAnswered(deviceId: number, serial: number, ok: boolean, reply: string): Promise<void> {
      await db
        .updateTable('device_command')
        .set({ state: ok ? 'answered' : 'failed', reply, answered_at: now() })
        .where('device_id', '=', deviceId)
        .where('serial', '=', serial)
        .where('state', '=', 'sent')
        .execute();
    },
    list(deviceId: number, limit: number) {
      return db.selectFrom('device_command').selectAll().where('device_id', '=', deviceId).orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type CommandStore = ReturnType<typeof createCommandStore>;

/** Where commands leave for terminals: the JT/T 808 gateway, or nothing (queued until one exists). */
export interface CommandChannel {
  /** Sends the stored command now if the terminal is connected; answers whether it went out. */
  deliver(deviceNumber: string, command: StoredCommand): Promise<boolean>;
  /** Closes the terminal's connection (its registration was reset); answers whether it was connected. */
  disconnect(deviceNumber: string): boolean;
}

export const noChannel: CommandChannel = { deliver: async () => false, disconnect: () => false };
