import {
  CUSTOMER_GRADE_LABELS, formatTime, warningTypeName,
  type CustomerGrade, type DecideFraudSuggestion, type FraudEvent, type FraudSuggestionItem, type FraudSuggestionListQuery,
  type FraudSuggestionState, type LoanFraudFilters, type LoanFraudItem, type LoanFraudListQuery, type LoanStatus, type MarkLoanFraud,
  type PageResult, type WarningTypeCode,
} from '@cvrisk/contracts';
import { conflict, notFound } from '../../lib/errors.js';
import { maskIdCard, maskPhone } from '../../lib/mask.js';
import type { SessionUser } from '../session/session-user.js';
import type { LoanFraudRepository } from './loan-fraud.repository.js';

const DAY_MS = 86_400_000;
const STATE_WORDS: Record<string, string> = { accepted: '已采纳', dismissed: '已驳回', pending: '待处理' };

type FlaggedRow = Awaited<ReturnType<LoanFraudRepository['flaggedPage']>>['rows'][number];

/**
 * Loan fraud (server-behaviour §7): operators flag and unflag customers, and accept or dismiss the
 * engine's suggestions; every step needs a reason and is appended to loan_fraud_event.
 */
/** `changed` after a flag moves: the customer lists' totals count flags. */
export function createLoanFraudService(repo: LoanFraudRepository, changed: () => void, now: () => number = Date.now) {
  function flaggedItem(user: SessionUser, r: FlaggedRow): LoanFraudItem {
    const sensitive = user.permissions.has('customer:sensitive');
    return {
      customerId: r.id,
      customerName: r.name,
      customerPhone: sensitive ? r.phone : maskPhone(r.phone),
      idCard: sensitive ? r.id_card : maskIdCard(r.id_card),
      grade: r.grade as CustomerGrade,
      gradeName: CUSTOMER_GRADE_LABELS[r.grade as CustomerGrade]?.zh ?? r.grade,
      deptId: r.dept_id,
      deptName4s: r.dealer_name,
      loan: r.contract_no === null ? null : {
        contractNo: r.contract_no, loanStatus: r.loan_status as LoanStatus, loanAmount: (r.amount_cents ?? 0) / 100,
        overdueDays: r.overdue_days ?? 0, overdueAmount: (r.overdue_amount_cents ?? 0) / 100,
      },
      flaggedBy: r.flagged_by ?? '',
      flaggedAt: r.fraud_at === null ? '' : formatTime(r.fraud_at),
      reason: r.fraud_reason ?? '',
      fromSuggestion: Number(r.from_suggestion) > 0,
    };
  }

  return {
    async list(user: SessionUser, q: LoanFraudListQuery): Promise<PageResult<LoanFraudItem>> {
      const { rows, count } = await repo.flaggedPage(user.scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      return { list: rows.map((r) => flaggedItem(user, r)), count };
    },

    async *exportPages(user: SessionUser, f: LoanFraudFilters): AsyncGenerator<LoanFraudItem[]> {
      const size = 2000;
      for (let offset = 0; ; offset += size) {
        const { rows } = await repo.flaggedPage(user.scope, f, offset, size);
        if (rows.length > 0) yield rows.map((r) => flaggedItem(user, r));
        if (rows.length < size) return;
      }
    },

    async mark(user: SessionUser, m: MarkLoanFraud): Promise<string> {
      if (!(await repo.customer(user.scope, m.customerId))) throw notFound('客户不存在');
      await repo.transaction(async (tx) => {
        if ((await repo.isFlagged(tx, m.customerId)) === m.fraud) throw conflict(m.fraud ? '该客户已标记为骗贷客户' : '该客户未标记为骗贷客户');
        const at = now();
        await repo.setFlag(tx, m.customerId, m.fraud, m.reason, user.id, at);
        await repo.event(tx, { customer_id: m.customerId, suggestion_id: null, action: m.fraud ? 'flag' : 'unflag', reason: m.reason, user_id: user.id, at });
      });
      changed();
      return m.fraud ? '已标记为骗贷客户' : '已取消骗贷标记';
    },

    async suggestions(user: SessionUser, q: FraudSuggestionListQuery): Promise<PageResult<FraudSuggestionItem>> {
      const { rows, count } = await repo.suggestionPage(user.scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      const sensitive = user.permissions.has('customer:sensitive');
      return {
        count,
        list: rows.map((r) => ({
          id: r.id,
          customerId: r.customer_id,
          customerName: r.name,
          customerPhone: sensitive ? r.phone : maskPhone(r.phone),
          deptName4s: r.dealer_name,
          deviceNumber: r.device_number,
          deviceKind: r.kind,
          warningType: r.warning_type as WarningTypeCode,
          warningTypeName: warningTypeName(r.warning_type),
          warningId: r.warning_id,
          eventTime: formatTime(r.event_time),
          installTime: formatTime(r.install_time),
          daysAfterInstall: Math.round(((r.event_time - r.install_time) / DAY_MS) * 10) / 10,
          place: r.place,
          state: r.state as FraudSuggestionState,
          decidedBy: r.decided_by,
          decidedAt: r.decided_at === null ? null : formatTime(r.decided_at),
          reason: r.reason,
        })),
      };
    },

    async decide(user: SessionUser, d: DecideFraudSuggestion): Promise<string> {
      const s = await repo.suggestion(user.scope, d.id);
      if (!s) throw notFound('提示不存在');
      if (s.state !== 'pending') throw conflict(`该提示${STATE_WORDS[s.state] ?? s.state}，不能再处理`);
      await repo.transaction(async (tx) => {
        const at = now();
        if (!(await repo.decide(tx, d.id, d.accept ? 'accepted' : 'dismissed', d.reason, user.id, at))) throw conflict('该提示已被他人处理');
        await repo.event(tx, { customer_id: s.customer_id, suggestion_id: d.id, action: d.accept ? 'accept' : 'dismiss', reason: d.reason, user_id: user.id, at });
        if (d.accept && !(await repo.isFlagged(tx, s.customer_id))) await repo.setFlag(tx, s.customer_id, true, d.reason, user.id, at);
      });
      changed();
      return d.accept ? '已采纳，客户已标记为骗贷客户' : '已驳回该提示';
    },

    async history(user: SessionUser, customerId: number): Promise<FraudEvent[]> {
      if (!(await repo.customer(user.scope, customerId))) throw notFound('客户不存在');
      const rows = await repo.history(customerId);
      return rows.map((r) => ({ action: r.action as FraudEvent['action'], reason: r.reason, user: r.realname ?? '', at: formatTime(r.at), suggestionId: r.suggestion_id }));
    },
  };
}

export type LoanFraudService = ReturnType<typeof createLoanFraudService>;
