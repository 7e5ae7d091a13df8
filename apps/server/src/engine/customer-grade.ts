import type { CustomerGrade } from '@cvrisk/contracts';
import type { Db } from '../db/database.js';
import { DAY_MS } from './types.js';

/** Warnings older than this no longer weigh on a customer's grade. */
const GRADE_WINDOW_MS = 30 * DAY_MS;
const CHUNK = 500;

type Weighing = { risk_level: number; compound: number; deal_status: number };

/**
 * server-behaviour §7: high risk — an unhandled high warning, or a compound warning (handled or not:
 * what it showed stays true for the month); potential risk — any other unhandled warning; general
 * otherwise. Only warnings of the last 30 days count.
 */
export function gradeOf(warnings: readonly Weighing[]): CustomerGrade {
  if (warnings.some((w) => w.compound === 1 || (w.deal_status === 0 && w.risk_level === 1))) return 'high';
  return warnings.some((w) => w.deal_status === 0) ? 'potential' : 'general';
}

/**
 * Recomputes these customers' grades from their warnings and stores those that changed. Called
 * whenever warnings are written or handled (the handling code calls it too), and nightly, as the
 * 30-day window moves on.
 */
export async function recomputeCustomerGrades(db: Db, customerIds: Iterable<number>, now: number): Promise<void> {
  const ids = [...new Set(customerIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const [customers, warnings] = await Promise.all([
      db.selectFrom('customer').select(['id', 'grade']).where('id', 'in', part).execute(),
      db.selectFrom('warning')
        .select(['customer_id', 'risk_level', 'compound', 'deal_status'])
        .where('customer_id', 'in', part)
        .where('warning_time', '>=', now - GRADE_WINDOW_MS)
        .where((eb) => eb.or([eb('deal_status', '=', 0), eb('compound', '=', 1)]))
        .execute(),
    ]);
    const byCustomer = new Map<number, Weighing[]>();
    for (const w of warnings) byCustomer.set(w.customer_id!, [...(byCustomer.get(w.customer_id!) ?? []), w]);
    for (const c of customers) {
      const grade = gradeOf(byCustomer.get(c.id) ?? []);
      if (grade !== c.grade) await db.updateTable('customer').set({ grade }).where('id', '=', c.id).execute();
    }
  }
}

/** The nightly pass: every customer graded above general, and every one with a warning in the window. */
export async function recomputeAllGrades(db: Db, now: number): Promise<void> {
  const [graded, warned] = await Promise.all([
    db.selectFrom('customer').select('id').where('grade', '<>', 'general').execute(),
    db.selectFrom('warning').select('customer_id').distinct().where('warning_time', '>=', now - GRADE_WINDOW_MS).where('customer_id', 'is not', null).execute(),
  ]);
  await recomputeCustomerGrades(db, [...graded.map((c) => c.id), ...warned.map((w) => w.customer_id!)], now);
}
