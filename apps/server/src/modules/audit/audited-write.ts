import type { Db } from '../../db/database.js';
import { createAuditRepository, type AuditRepository } from './audit.repository.js';

/** Runs a change through its repository and writes its audit entry in the same transaction: both are kept, or neither. */
export type AuditedWrite<R> = <T>(change: (repo: R, audit: AuditRepository) => Promise<T>) => Promise<T>;

export function auditedWrite<R>(db: Db, repoOf: (db: Db) => R): AuditedWrite<R> {
  return (change) => db.transaction().execute((trx) => change(repoOf(trx), createAuditRepository(trx)));
}

type Leaf = string | number | boolean | null;

/** The leaves that differ between two settings objects, by dotted path: `{ 'offline.wiredHours': { before: 24, after: 12 } }`. */
export function changedFields(before: object, after: object, prefix = ''): Record<string, { before: Leaf; after: Leaf }> {
  const out: Record<string, { before: Leaf; after: Leaf }> = {};
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const path = prefix + key;
    const x = b[key];
    const y = a[key];
    if (x && y && typeof x === 'object' && typeof y === 'object') Object.assign(out, changedFields(x, y, `${path}.`));
    else if (x !== y) out[path] = { before: (x ?? null) as Leaf, after: (y ?? null) as Leaf };
  }
  return out;
}
