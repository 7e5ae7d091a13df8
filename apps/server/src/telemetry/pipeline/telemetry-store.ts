import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
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

export type TelemetryStoreOptions = { commitOffsets?: CommitOffsets };
