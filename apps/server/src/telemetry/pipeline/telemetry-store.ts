import type { BatchWrite } from './batch.js';

/** Writes one batch in one transaction; answers, per position row, whether it was new. */
export interface TelemetryStore {
  write(batch: BatchWrite): Promise<boolean[]>;
}
