import {
  CustomerCalls, type CustomerFilters, type CustomerListQuery, type DecideFraudSuggestion, type FraudSuggestionListQuery,
  type LoanFraudFilters, type LoanFraudListQuery, type MarkLoanFraud, type OverdueFilters, type OverdueListQuery,
} from '@cvrisk/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { refreshAfterChange } from '../../app/queryClient';
import { call, callWithMessage, download } from '../../api/call';

/** Every customer list's cache keys start with this; a flag or a verdict refreshes them all. */
export const CUSTOMERS_KEY = 'customers';
type Progress = (received: number, total: number | null) => void;

export const fetchCustomerPage = (query: CustomerListQuery, signal: AbortSignal) => call(CustomerCalls.list, { body: query }, { signal });
export const exportCustomers = (filters: Partial<CustomerFilters>, onProgress: Progress) =>
  download(CustomerCalls.export, { body: filters }, { fallbackName: '风险客户.xlsx', onProgress });

export const fetchOverduePage = (query: OverdueListQuery, signal: AbortSignal) => call(CustomerCalls.overdueList, { body: query }, { signal });
export const exportOverdue = (filters: Partial<OverdueFilters>, onProgress: Progress) =>
  download(CustomerCalls.overdueExport, { body: filters }, { fallbackName: '逾期客户.xlsx', onProgress });

export const fetchFraudPage = (query: LoanFraudListQuery, signal: AbortSignal) => call(CustomerCalls.fraudList, { body: query }, { signal });
export const exportFraud = (filters: Partial<LoanFraudFilters>, onProgress: Progress) =>
  download(CustomerCalls.fraudExport, { body: filters }, { fallbackName: '骗贷客户.xlsx', onProgress });

export const fetchSuggestionPage = (query: FraudSuggestionListQuery, signal: AbortSignal) => call(CustomerCalls.suggestions, { body: query }, { signal });

export const gradeDictQuery = () =>
  queryOptions({
    queryKey: [CUSTOMERS_KEY, 'grades'],
    queryFn: ({ signal }) => call(CustomerCalls.gradeDict, undefined, { signal }),
    staleTime: Infinity,
  });

export const fraudHistoryQuery = (customerId: number) =>
  queryOptions({
    queryKey: [CUSTOMERS_KEY, 'fraudHistory', customerId],
    queryFn: ({ signal }) => call(CustomerCalls.fraudHistory, { query: { customerId } }, { signal }),
  });

export const markFraud = (body: MarkLoanFraud) => callWithMessage(CustomerCalls.markFraud, { body });
export const decideSuggestion = (body: DecideFraudSuggestion) => callWithMessage(CustomerCalls.decideSuggestion, { body });

/** After a flag or a verdict: every customer list (their ids start with CUSTOMERS_KEY) and the portrait. */
export function refreshCustomerViews(client: QueryClient): void {
  void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(CUSTOMERS_KEY) || q.queryKey[0] === 'portrait' });
  // An import or a verdict also moves cars, devices and home figures.
  void refreshAfterChange(client);
}
