import { WarningDetailCalls, type NotStatisticsListQuery, type WarningPushForm } from '@cvrisk/contracts';
import { call, callWithMessage } from '../../api/call';

/** The list screen's id and so the first part of its cache keys: one invalidation refreshes it. */
export const NOT_PUSH_KEY = 'notPushList';

export function fetchNotPushPage(query: NotStatisticsListQuery, signal: AbortSignal) {
  return call(WarningDetailCalls.notStatisticsList, { body: query }, { signal });
}

/** 添加: the list screen's door to the exclusion (cancelWarningByDeviceNumber); the server's msg is what the operator is told. */
export async function excludeDevice(form: WarningPushForm): Promise<string> {
  return (await callWithMessage(WarningDetailCalls.cancelByDevice, { body: form })).msg;
}

/** 移除: the device's warnings of that type are pushed again (allowWarningByDeviceNumber). */
export async function allowDevice(form: WarningPushForm): Promise<string> {
  return (await callWithMessage(WarningDetailCalls.allowByDevice, { query: form })).msg;
}

/**
 * Removes several, one call each (the spec has no batch call), in order; stops at the first refusal
 * so the operator sees which one failed, and says how many were removed before it.
 */
export async function allowDevices(forms: readonly WarningPushForm[]): Promise<number> {
  let done = 0;
  for (const form of forms) {
    await allowDevice(form);
    done++;
  }
  return done;
}
