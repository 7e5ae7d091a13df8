import { defineCall, int } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { casesFor, fromSearch, toSearch } from './cases.js';
import { createRng } from './random.js';

const sample = defineCall({
  method: 'POST',
  path: '/api/sample/save',
  summary: 'sample',
  tag: 'sample',
  access: 'signedIn',
  query: z.object({ pageNumber: int({ min: 1, max: 100 }).default(1), kind: z.enum(['a', 'b']).optional() }),
  body: z.object({ id: int({ min: 1, max: 10 }), name: z.string().trim().min(1).max(20), tags: z.array(z.string()).max(3).optional() }),
  reply: z.null(),
});

describe('the fuzz cases of a call', () => {
  it('are the same for the same seed and differ for another', () => {
    const a = casesFor(sample, createRng(7), 60);
    const b = casesFor(sample, createRng(7), 60);
    const c = casesFor(sample, createRng(8), 60);
    expect(a.map((x) => x.url + x.payload)).toEqual(b.map((x) => x.url + x.payload));
    expect(a.map((x) => x.url + x.payload)).not.toEqual(c.map((x) => x.url + x.payload));
    expect(a).toHaveLength(60);
  });

  it('holds valid and invalid inputs, judged by the schema on what the server receives', () => {
    const cases = casesFor(sample, createRng(1), 200);
    expect(cases.filter((x) => x.valid).length).toBeGreaterThan(20);
    expect(cases.filter((x) => !x.valid).length).toBeGreaterThan(20);
    const byWhat = (what: string) => cases.find((x) => x.what === what);
    expect(byWhat('body.id = true')?.valid).toBe(false);
    expect(byWhat('body.id = "0x10"')?.valid).toBe(false);
    expect(byWhat('body.id = its maximum')?.valid).toBe(true);
    expect(byWhat('body.id = one above its maximum')?.valid).toBe(false);
    expect(byWhat('body.name = one character too many')?.valid).toBe(false);
    expect(byWhat('body is a list')?.valid).toBe(false);
    // A query string carries text: "12" is a page number there, " 12 " is not.
    expect(byWhat('query.pageNumber = " 12 "')?.valid).toBe(false);
    expect(byWhat('query.pageNumber = its minimum')?.url).toContain('pageNumber=1');
  });

  it('serialises a query as a browser does and reads it back as the server does', () => {
    const search = toSearch({ a: 1, b: ['x', 'y'], c: null, d: undefined, e: ' 12 ' });
    expect(search).toBe('a=1&b=x&b=y&c=&e=+12+');
    expect(fromSearch(search)).toEqual({ a: '1', b: ['x', 'y'], c: '', e: ' 12 ' });
  });
});
