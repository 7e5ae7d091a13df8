import { DEAL_STATUS, RISK_LEVEL, type CustomerGrade } from '@cvrisk/contracts';
import type { CustomerGradeRepository } from './customer-grade.repository.js';
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
  if (warnings.some((w) => w.compound === 1 || (w.deal_status === DEAL_STATUS.unhandled && w.risk_level === RISK_LEVEL.high))) return 'high';
  return warnings.some((w) => w.deal_status === DEAL_STATUS.unhandled) ? 'potential' : 'general';
}

/**
 * Recomputes these customers' grades from their warnings, and their unhandled-warning counts (the
 * customer lists sort by them), and stores those that changed. Called
 * whenever warnings are written or handled (the handling code calls it too), and nightly, as the
 * 30-day window moves on.
 */
export async function recomputeCustomerGrades(grades: CustomerGradeRepository, customerIds: Iterable<number>, now: number): Promise<void> {
  const ids = [...new Set(customerIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const [customers, warnings, unhandled] = await Promise.all([
      grades.gradesOf(part), grades.weighingWarnings(part, now - GRADE_WINDOW_MS), grades.unhandledCounts(part),
    ]);
    const byCustomer = new Map<number, Weighing[]>();
    for (const w of warnings) byCustomer.set(w.customer_id!, [...(byCustomer.get(w.customer_id!) ?? []), w]);
    for (const c of customers) {
      const grade = gradeOf(byCustomer.get(c.id) ?? []);
      const count = unhandled.get(c.id) ?? 0;
      if (grade !== c.grade || count !== Number(c.unhandled_count)) await grades.setGrade(c.id, grade, count);
    }
  }
}

/** The nightly pass: every customer graded above general, and every one with a warning in the window. */
export async function recomputeAllGrades(grades: CustomerGradeRepository, now: number): Promise<void> {
  await recomputeCustomerGrades(grades, await grades.toRecompute(now - GRADE_WINDOW_MS), now);
}
