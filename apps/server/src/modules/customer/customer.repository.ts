import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';

export function createCustomerRepository(db: Db) {
  return {
    async counts(scope: Scope): Promise<{ total: number; overdue: number }> {
      const [total, overdue] = await Promise.all([
        db.selectFrom('customer').select((eb) => eb.fn.countAll<number>().as('n')).where((eb) => inScope(eb, 'customer.dept_id', scope)).executeTakeFirstOrThrow(),
        db
          .selectFrom('customer')
          .innerJoin('loan', 'loan.customer_id', 'customer.id')
          .select((eb) => eb.fn.count<number>('customer.id').distinct().as('n'))
          .where((eb) => inScope(eb, 'customer.dept_id', scope))
          .where('loan.overdue_days', '>', 0)
          .executeTakeFirstOrThrow(),
      ]);
      return { total: Number(total.n), overdue: Number(overdue.n) };
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
