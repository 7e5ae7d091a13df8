import type { FraudSuggestionFilters, LoanFraudFilters } from '@cvrisk/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';

type Who = LoanFraudFilters;
type Tx = Pick<Db, 'insertInto' | 'updateTable' | 'selectFrom'>;

export function createLoanFraudRepository(db: Db) {
  function flagged(scope: Scope, f: Who) {
    let q = db
      .selectFrom('customer as c')
      .innerJoin('dept as dealer', 'dealer.id', 'c.dept_id')
      .leftJoin('app_user as u', 'u.id', 'c.fraud_by')
      .leftJoin('loan as l', (j) => j.onRef('l.customer_id', '=', 'c.id').on('l.id', '=', sql<number>`(select max(l2.id) from loan l2 where l2.customer_id = c.id)`))
      .where('c.fraud_flag', '=', 1)
      .where((eb) => inScope(eb, 'c.dept_id', scope));
    if (f.customerName) q = q.where(contains('c.name', f.customerName));
    if (f.customerPhone) q = q.where(contains('c.phone', f.customerPhone));
    if (f.idCard) q = q.where(contains('c.id_card', f.idCard));
    if (f.deptId) q = q.where(inDeptSubtree('c.dept_id', f.deptId));
    return q;
  }
  const flaggedColumns = [
    'c.id', 'c.name', 'c.phone', 'c.id_card', 'c.grade', 'c.dept_id', 'c.fraud_reason', 'c.fraud_at', 'dealer.name as dealer_name',
    'u.realname as flagged_by', 'l.contract_no', 'l.status as loan_status', 'l.amount_cents', 'l.overdue_days', 'l.overdue_amount_cents',
  ] as const;
  // The latest flag came from accepting a suggestion.
  const fromSuggestion = sql<number>`(select count(*) from loan_fraud_event e where e.customer_id = c.id and e.action = 'accept'
    and e.id = (select max(e2.id) from loan_fraud_event e2 where e2.customer_id = c.id and e2.action in ('accept', 'flag')))`;

  function suggestions(scope: Scope, f: FraudSuggestionFilters) {
    let q = db
      .selectFrom('loan_fraud_suggestion as g')
      .innerJoin('customer as c', 'c.id', 'g.customer_id')
      .innerJoin('dept as dealer', 'dealer.id', 'g.dept_id')
      .innerJoin('device as d', 'd.id', 'g.device_id')
      .leftJoin('app_user as u', 'u.id', 'g.decided_by')
      .where((eb) => inScope(eb, 'g.dept_id', scope));
    if (f.state) q = q.where('g.state', '=', f.state);
    if (f.customerName) q = q.where(contains('c.name', f.customerName));
    if (f.customerPhone) q = q.where(contains('c.phone', f.customerPhone));
    if (f.idCard) q = q.where(contains('c.id_card', f.idCard));
    if (f.deptId) q = q.where(inDeptSubtree('g.dept_id', f.deptId));
    return q;
  }

  return {
    async flaggedPage(scope: Scope, f: Who, offset: number, limit: number) {
      const q = flagged(scope, f);
      const [rows, total] = await Promise.all([
        q.select(flaggedColumns).select(fromSuggestion.as('from_suggestion')).orderBy('c.fraud_at', 'desc').orderBy('c.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.n) };
    },

    async suggestionPage(scope: Scope, f: FraudSuggestionFilters, offset: number, limit: number) {
      const q = suggestions(scope, f);
      const [rows, total] = await Promise.all([
        q.select([
          'g.id', 'g.customer_id', 'g.warning_id', 'g.warning_type', 'g.event_time', 'g.install_time', 'g.place', 'g.state', 'g.decided_at', 'g.reason',
          'c.name', 'c.phone', 'dealer.name as dealer_name', 'd.device_number', 'd.kind', 'u.realname as decided_by',
        ]).orderBy('g.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.n) };
    },

    /** The customer, when in scope. */
    customer(scope: Scope, customerId: number) {
      return db.selectFrom('customer').select(['id', 'fraud_flag']).where('id', '=', customerId).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
    },

    suggestion(scope: Scope, id: number) {
      return db.selectFrom('loan_fraud_suggestion').select(['id', 'customer_id', 'state']).where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
    },

    history(customerId: number) {
      return db.selectFrom('loan_fraud_event as e').leftJoin('app_user as u', 'u.id', 'e.user_id')
        .select(['e.action', 'e.reason', 'e.at', 'e.suggestion_id', 'u.realname']).where('e.customer_id', '=', customerId).orderBy('e.id', 'desc').execute();
    },

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction().execute(work),

    async setFlag(tx: Tx, customerId: number, fraud: boolean, reason: string, userId: number, at: number): Promise<void> {
      await tx.updateTable('customer')
        .set(fraud ? { fraud_flag: 1, fraud_reason: reason, fraud_by: userId, fraud_at: at } : { fraud_flag: 0, fraud_reason: null, fraud_by: null, fraud_at: null })
        .where('id', '=', customerId).execute();
    },

    /** Answers false when the suggestion was decided meanwhile. */
    async decide(tx: Tx, id: number, state: 'accepted' | 'dismissed', reason: string, userId: number, at: number): Promise<boolean> {
      const r = await tx.updateTable('loan_fraud_suggestion').set({ state, reason, decided_by: userId, decided_at: at })
        .where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async event(tx: Tx, e: { customer_id: number; suggestion_id: number | null; action: string; reason: string; user_id: number; at: number }): Promise<void> {
      await tx.insertInto('loan_fraud_event').values(e).execute();
    },

    async isFlagged(tx: Tx, customerId: number): Promise<boolean> {
      const r = await tx.selectFrom('customer').select('fraud_flag').where('id', '=', customerId).executeTakeFirstOrThrow();
      return r.fraud_flag === 1;
    },
  };
}

export type LoanFraudRepository = ReturnType<typeof createLoanFraudRepository>;
