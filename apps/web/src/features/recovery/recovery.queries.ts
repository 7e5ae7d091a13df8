import { RecoveryCalls, type CaseOpen } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, download } from '../../api/call';
import { caseListBody, type CaseListView } from './caseFilters';
import type { CaseChange, ControlDecision, ControlRequestCreate, FieldLinkCreate } from '@cvrisk/contracts';
import { callWithMessage } from '../../api/call';

/** The first part of every recovery cache key: one invalidation after a change refreshes lists, cases, counts and figures. */
export const RECOVERY_KEY = 'recovery';

/** The home figures and the approvals notice move as teams work; refresh them like the other home figures. */
const SUMMARY_REFRESH_MS = 60_000;

type Progress = (received: number, total: number | null) => void;
type CaseFilters = Partial<Omit<CaseListView, 'pageNumber' | 'pageSize'>>;

/** A page of cases; the reply also carries how many cases the filters hold in each state (the tabs). */
export const fetchCasePage = (query: CaseListView, signal: AbortSignal) => call(RecoveryCalls.list, { body: caseListBody(query) }, { signal });

export const exportCases = (filters: CaseFilters, onProgress: Progress) =>
  download(RecoveryCalls.export, { body: caseListBody(filters) }, { fallbackName: '追车案件.xlsx', onProgress });

export const caseDetailQuery = (id: number) =>
  queryOptions({ queryKey: [RECOVERY_KEY, 'detail', id], queryFn: ({ signal }) => call(RecoveryCalls.detail, { query: { id } }, { signal }) });

/** The recovery teams a case may be given to; with a case, those of the case's institution. */
export const recoveryTeamsQuery = (caseId?: number) =>
  queryOptions({
    queryKey: [RECOVERY_KEY, 'teams', caseId ?? null],
    queryFn: ({ signal }) => call(RecoveryCalls.teams, { query: caseId === undefined ? {} : { caseId } }, { signal }),
  });

export const recoverySummaryQuery = () =>
  queryOptions({
    queryKey: [RECOVERY_KEY, 'summary'],
    queryFn: ({ signal }) => call(RecoveryCalls.summary, undefined, { signal }),
    refetchInterval: SUMMARY_REFRESH_MS,
  });

/** Immobilisation requests the caller may approve or refuse now. */
export const controlPendingQuery = () =>
  queryOptions({
    queryKey: [RECOVERY_KEY, 'controlPending'],
    queryFn: ({ signal }) => call(RecoveryCalls.controlPending, undefined, { signal }),
    refetchInterval: SUMMARY_REFRESH_MS,
  });

export const openCase = (body: CaseOpen) => call(RecoveryCalls.open, { body });

/** The case page: refetched this often while open, as the car, the relay and the requests move. */
export const CASE_REFRESH_MS = 10_000;

/** A state change of a case (with its reason); answers the case afresh and the server's message. */
export async function changeCase(body: CaseChange) {
  const { value, msg } = await callWithMessage(RecoveryCalls.change, { body });
  return { detail: value, msg };
}

/** A new field link; its token is in this answer only. */
export const createFieldLink = (body: FieldLinkCreate) => call(RecoveryCalls.linkCreate, { body });

export const revokeFieldLink = (id: number) => call(RecoveryCalls.linkRevoke, { body: { id } });

/** Who opened the case's field links, when and from where. */
export const fieldLinkOpensQuery = (caseId: number) =>
  queryOptions({
    queryKey: [RECOVERY_KEY, 'linkOpens', caseId],
    queryFn: ({ signal }) => call(RecoveryCalls.linkOpens, { query: { id: caseId } }, { signal }),
  });

export const requestControl = (body: ControlRequestCreate) => callWithMessage(RecoveryCalls.controlRequest, { body });

export const decideControl = (body: ControlDecision) => callWithMessage(RecoveryCalls.controlDecide, { body });

export const cancelControl = (id: number) => callWithMessage(RecoveryCalls.controlCancel, { body: { id } });
