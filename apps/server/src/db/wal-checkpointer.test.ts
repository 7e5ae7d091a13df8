import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, WAL_AUTOCHECKPOINT_PAGES } from './database.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-wal-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const silent = { error() {} };
const TRANSACTIONS = 2000;

/**
 * Commits small transactions back to back, as the pipeline does under load, with the event loop
 * turning between them; answers the frames left in the log.
 */
async function commitMany(file: string, checkpointed: boolean): Promise<{ frames: number }> {
  const h = openDatabase({ sqliteFile: file });
  const sqlite = h.sqlite!;
  const checkpointer = checkpointed ? startWalCheckpointer(sqlite, file, silent) : null;
  // Without the thread, as high a bound as with it: only the thread's copies may shorten the log.
  if (!checkpointed) sqlite.pragma('wal_autocheckpoint = 100000');
  sqlite.exec('create table scratch (k integer primary key, v text)');
  const insert = sqlite.prepare('insert or replace into scratch (k, v) values (?, ?)');
  const tx = sqlite.transaction((n: number) => {
    for (let i = 0; i < 20; i++) insert.run((n * 7919 + i * 104_729) % 50_000, 'x'.repeat(200));
  });
  for (let n = 0; n < TRANSACTIONS; n++) {
    await checkpointer?.beforeWrite();
    tx(n);
    if (n % 10 === 0) await yieldToLoop();
  }
  await checkpointer?.stop();
  const [state] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
  await h.close();
  return { frames: state!.log };
}

describe('checkpoints off the writer', () => {
  it('starts the log over once it is long, without a checkpoint on the event loop; alone the log only grows', async () => {
    const alone = await commitMany(path.join(dir, 'alone.db'), false);
    expect(alone.frames).toBeGreaterThan(WAL_AUTOCHECKPOINT_PAGES * 1.5);
    const helped = await commitMany(path.join(dir, 'helped.db'), true);
    // Started over at least once: the log holds less than what was written since it last began.
    expect(helped.frames).toBeLessThan(alone.frames - WAL_AUTOCHECKPOINT_PAGES / 2);
  });
});
