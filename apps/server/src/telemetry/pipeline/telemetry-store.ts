import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { WalCheckpointer } from '../../db/wal-checkpointer.js';
import type { BatchWrite, StreamOffset } from './batch.js';

/** Writes one batch in one transaction; answers, per position row, whether it was new. */
export interface TelemetryStore {
  write(batch: BatchWrite): Promise<boolean[]>;
}

/**
 * Scale mode: writes a batch's stream offsets inside its transaction, so positions and the offset
 * that covers them commit together or not at all. Throwing (the worker lost the partition) rolls the
 * whole batch back.
 */
export type CommitOffsets = (tx: Transaction<DB>, offsets: StreamOffset[]) => Promise<void>;

export type TelemetryStoreOptions = {
  commitOffsets?: CommitOffsets;
  /** SQLite: the thread that checkpoints the log; a write may first wait for it to copy the log's end. */
  checkpointer?: WalCheckpointer;
};

/**
 * A write of derived rows found a device's mark (`device_track_state.derived_to`) moved since this
 * process read it: another process derives the device now (scale mode's partitions changed hands).
 * The transaction is rolled back; the pipeline forgets the devices and reloads them from the database.
 */
export class DerivedMarkMoved extends Error {
  constructor(readonly deviceIds: number[]) {
    super(`derived rows of devices ${deviceIds.join(', ')} were advanced elsewhere`);
  }
}
