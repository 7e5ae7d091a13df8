import type { CustomerGrade } from '@cvrisk/contracts';
import type { Db } from '../db/database.js';

/** What a customer's grade is computed from (their recent warnings) and where it is kept. */
export function createCustomerGradeRepository(db: Db) {
  return {
    gradesOf(customerIds: number[]) {
      return db.selectFrom('customer').select(['id', 'grade', 'unhandled_count']).where('id', 'in', customerIds).execute();
    },

    /** These customers' unhandled warnings of all time, by customer (those without any are absent). */
    async unhandledCounts(customerIds: number[]): Promise<Map<number, number>> {
      const rows = await db.selectFrom('warning').select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('customer_id', 'in', customerIds).where('deal_status', '=', 0).groupBy('customer_id').execute();
      return new Map(rows.map((r) => [r.customer_id!, Number(r.n)]));
    },

    /** These customers' warnings since `since` that can weigh on a grade: unhandled or compound. */
    weighingWarnings(customerIds: number[], since: number) {
      return db.selectFrom('warning')
        .select(['customer_id', 'risk_level', 'compound', 'deal_status'])
        .where('customer_id', 'in', customerIds)
        .where('warning_time', '>=', since)
        .where((eb) => eb.or([eb('deal_status', '=', 0), eb('compound', '=', 1)]))
        .execute();
    },

    async setGrade(customerId: number, grade: CustomerGrade, unhandledCount: number): Promise<void> {
      await db.updateTable('customer').set({ grade, unhandled_count: unhandledCount }).where('id', '=', customerId).execute();
    },

    /** Every customer graded above general, and every one with a warning since `since`: the nightly pass's list (may repeat ids). */
    async toRecompute(since: number): Promise<number[]> {
      const [graded, warned] = await Promise.all([
        db.selectFrom('customer').select('id').where('grade', '<>', 'general').execute(),
        db.selectFrom('warning').select('customer_id').distinct().where('warning_time', '>=', since).where('customer_id', 'is not', null).execute(),
      ]);
      return [...graded.map((c) => c.id), ...warned.map((w) => w.customer_id!)];
    },
  };
}

export type CustomerGradeRepository = ReturnType<typeof createCustomerGradeRepository>;
