import { WarningCalls, WarningDetailCalls, type WarningPushForm, type WarningTypeCode } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

/** What the page's address names: `/risk/warningDetail?id=&deviceNumber=&warningType=`. */
export type DetailParams = { id: number; deviceNumber?: string; warningType?: WarningTypeCode };

/** Every query of this page starts with this key, so handling a warning refreshes all of it. */
export const WARNING_DETAIL_KEY = 'warningDetail';

export function paramsFrom(search: URLSearchParams): DetailParams | null {
  const id = Number(search.get('id'));
  if (!Number.isInteger(id) || id <= 0) return null;
  const deviceNumber = search.get('deviceNumber') || undefined;
  const type = Number(search.get('warningType'));
  return { id, deviceNumber, warningType: type > 0 ? (type as WarningTypeCode) : undefined };
}

export function warningDetailQuery(p: DetailParams) {
  return queryOptions({
    queryKey: [WARNING_DETAIL_KEY, 'detail', p],
    queryFn: ({ signal }) => call(WarningDetailCalls.details, { query: p }, { signal }),
    // A stale link answers 404: asking again will not change that.
    retry: false,
  });
}

/** The next unhandled warning after this one (in the caller's scope), asked once this one is handled. */
export function nextWarningQuery(id: number) {
  return queryOptions({
    queryKey: [WARNING_DETAIL_KEY, 'next', id],
    queryFn: ({ signal }) => call(WarningCalls.nextUnhandled, { query: { id } }, { signal, silent: true }),
  });
}

export function notPushQuery(form: WarningPushForm) {
  return queryOptions({
    queryKey: [WARNING_DETAIL_KEY, 'notPush', form.deviceNumber, form.warningType],
    queryFn: ({ signal }) => call(WarningDetailCalls.notPushConfig, { query: form }, { signal }),
  });
}

/** Ticks or unticks 不推送此类预警; answers the server's message (已取消推送 / 已恢复推送). */
export async function setNotPush(form: WarningPushForm, excluded: boolean): Promise<string> {
  return (await callWithMessage(excluded ? WarningDetailCalls.cancelPush : WarningDetailCalls.restorePush, { body: form })).msg;
}

/** The car's warnings by type, all and unhandled (getWarningCountByCarid); a side fact, so a failure stays quiet. */
export function carWarningCountQuery(carid: number) {
  return queryOptions({
    queryKey: [WARNING_DETAIL_KEY, 'carCounts', carid],
    queryFn: ({ signal }) => call(WarningCalls.countByCar, { query: { carid } }, { signal, silent: true }),
  });
}

/** The device's unhandled warnings of this type, newest first (findByDeviceNumberAndWarningType): what 统一处理 takes together. */
export function sameTypeWarningsQuery(form: WarningPushForm) {
  return queryOptions({
    queryKey: [WARNING_DETAIL_KEY, 'sameType', form.deviceNumber, form.warningType],
    queryFn: async ({ signal }) => (await call(WarningCalls.byDeviceAndType, { query: form }, { signal, silent: true })).list,
  });
}
