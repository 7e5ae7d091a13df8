import { isFileReply, listCalls, type CallDeclaration } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDealerRows } from './fuzz/dealer-rows.js';
import { validBase, wire } from './fuzz/cases.js';
import { createRng } from './fuzz/random.js';
import { quotePrefixedCells } from './sheet-styles.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Formula injection through the exports (the security issue's "sheet exports neutralise cells that
 * begin with = + - @", docs/security.md "No stored script"): names saved with a formula in them —
 * departments, customers, plates — are exported by every sheet call there is, and every text cell
 * that a spreadsheet would take for a formula carries the quotePrefix style, its text unchanged.
 */

const HOSTILE = ['=HYPERLINK("http://evil","x")', '+1', '-1+2', '@SUM(A1)'];
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

const sheetCalls = listCalls().filter(({ call }) => isFileReply(call.reply) && call.reply.file.includes('spreadsheetml'));
let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  const dealers = await t.db.selectFrom('dept').select('id').where('kind', '=', 'dealer').orderBy('id').execute();
  for (const d of dealers) await addDealerRows(t.db, d.id);
  // Each form on a dealer, on a customer of that dealer and on a plate of that dealer (a plate holds ten characters).
  for (const [i, name] of HOSTILE.entries()) {
    const dept = dealers[i]!.id;
    await t.db.updateTable('dept').set({ name }).where('id', '=', dept).execute();
    const customer = await t.db.selectFrom('customer').select('id').where('dept_id', '=', dept).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('customer').set({ name }).where('id', '=', customer.id).execute();
    const car = await t.db.selectFrom('car').select('id').where('dept_id', '=', dept).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('car').set({ plate_number: name.length <= 10 ? name : '=A1*2' }).where('id', '=', car.id).execute();
  }
  token = await t.login('admin');
});
afterAll(() => t?.close());

/** The call as admin with no filters; a call that needs some (a period) gets valid ones. */
async function download(name: string, call: CallDeclaration) {
  const send = (input: { query?: unknown; body?: unknown }) => {
    const req = wire(call, input.query, input.body);
    const headers: Record<string, string> = { accessToken: token };
    if (req.contentType) headers['content-type'] = req.contentType;
    return t.app.inject({ method: call.method, url: req.url, headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) });
  };
  let res = await send({ ...(call.query ? { query: {} } : {}), ...(call.body ? { body: {} } : {}) });
  if (res.statusCode === 400) res = await send(validBase(call, createRng(28)));
  return res;
}

describe('formulas in exported sheets', () => {
  it('every sheet marks text that a spreadsheet would take for a formula as quoted text, and no number', async () => {
    const problems: string[] = [];
    /** Which exports carried which of the hostile names (read back as saved). */
    const carried = new Map<string, Set<string>>();
    for (const { name, call } of sheetCalls) {
      const res = await download(name, call);
      if (!String(res.headers['content-type']).includes('spreadsheetml')) {
        problems.push(`${name}: answered ${res.statusCode} ${res.body.slice(0, 120)}`);
        continue;
      }
      for (const [ref, c] of quotePrefixedCells(new Uint8Array(res.rawPayload))) {
        if (c.number && c.quoted) problems.push(`${name} ${ref}: the number ${c.text} is quoted`);
        if (!c.number && FORMULA_START.test(c.text ?? '') && !c.quoted) problems.push(`${name} ${ref}: "${c.text}" would be read as a formula`);
        if (!c.number && HOSTILE.includes(c.text ?? '')) carried.set(name, (carried.get(name) ?? new Set()).add(c.text!));
      }
    }
    expect(problems).toEqual([]);
    // The names reached the exports that list departments, customers and cars, so the check above saw them.
    for (const name of ['device.export', 'car.export', 'customer.export', 'warning.download', 'alarm.download', 'report.dealerStats.download']) {
      expect(carried.get(name)?.size, `${name} exported the hostile names`).toBeGreaterThan(0);
    }
    expect(new Set([...carried.values()].flatMap((s) => [...s]))).toEqual(new Set(HOSTILE));
  });
});
