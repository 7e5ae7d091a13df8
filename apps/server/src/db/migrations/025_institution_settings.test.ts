import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSchemaChangeLock, type DatabaseHandle } from '../database.js';
import { openTestDatabase } from '../../test/test-database.js';
import { down, up } from './025_institution_settings.js';

/** Migration 025 keeps the phrases an administrator edited: today's platform-wide rows become the platform default. */
let handle: DatabaseHandle;
let db: Kysely<any>;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db as unknown as Kysely<any>;
});
afterAll(() => handle.close());

/**
 * Creating and dropping tables outside the migrator: on PostgreSQL under the schema-change lock, as
 * migrations do, or another file's migrator (which reads every schema's catalog) races the drop.
 */
const changingSchema = (work: () => Promise<void>) => (handle.kind === 'postgres' ? withSchemaChangeLock(handle.db, work) : work());

const phrases = async () =>
  Object.fromEntries(
    (await db.selectFrom('setting').select(['dept_id', 'key', 'value']).where('key', 'like', 'handlingPhrases.%').orderBy('key').execute())
      .map((r: { dept_id: number; key: string; value: string }) => [`${r.dept_id}:${r.key}`, JSON.parse(r.value)]),
  );

describe('migration 025 (settings per institution)', () => {
  it('moves the seeded phrases to the platform default', async () => {
    const stored = await phrases();
    expect(Object.keys(stored)).toHaveLength(11);
    expect(stored['0:handlingPhrases.1']).toEqual(['已电话联系客户，车辆正常使用', '车辆停放在地下车库，信号弱导致离线', '已安排人员上门检查设备']);
  });

  it('keeps an administrator’s edits, an emptied type included, in their order; and goes back down to one table', async () => {
    await db.insertInto('setting').values({ dept_id: 7, key: 'handlingPhrases.1', value: JSON.stringify(['某机构自己的']) }).execute();
    await changingSchema(() => down(db));
    // Down keeps the platform default only.
    const rows = await db.selectFrom('handling_phrase').select(['warning_type', 'position', 'text']).where('warning_type', '=', 1).orderBy('position').execute();
    expect(rows.map((r: { text: string }) => r.text)).toEqual(['已电话联系客户，车辆正常使用', '车辆停放在地下车库，信号弱导致离线', '已安排人员上门检查设备']);
    expect(await phrases()).toEqual({});

    // Edited as the old screen did: type 2 replaced (its order reversed), type 8 emptied.
    await db.deleteFrom('handling_phrase').where('warning_type', 'in', [2, 8]).execute();
    await db.insertInto('handling_phrase').values([
      { warning_type: 2, position: 0, text: '第二条在前', updated_by: null, updated_at: 1 },
      { warning_type: 2, position: 1, text: '第一条在后', updated_by: null, updated_at: 1 },
    ]).execute();
    await changingSchema(() => up(db));
    const stored = await phrases();
    expect(stored['0:handlingPhrases.2']).toEqual(['第二条在前', '第一条在后']);
    expect(stored['0:handlingPhrases.8']).toBeUndefined();
    expect(stored['0:handlingPhrases.11']).toEqual(['已通知客户给设备充电', '已安排人员上门更换设备电池', '已电话联系客户，车辆正常使用']);
    expect(Object.keys(stored)).toHaveLength(10);
    await expect(db.selectFrom('handling_phrase').selectAll().execute()).rejects.toThrow();
  });
});
