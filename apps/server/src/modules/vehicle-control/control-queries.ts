import { formatTime, relayStateOf, unmappedReason, type ControlMethod, type ControlRequestItem, type RelayState, type RelayStatus } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { CaseRow } from '../recovery/case-access.js';
import type { SessionUser } from '../session/session-user.js';
import { controlItemOf } from './control-items.js';
import { createControlMappingRepository } from './control-mapping.repository.js';
import { createControlRequestRepository } from './control-request.repository.js';

export type DeviceRelay = { method: ControlMethod | null; unmappedReason: string | null; relay: RelayState; reportedAt: string | null; speed: number | null };

/** The relay of a device as last reported, and whether its model can be immobilised. */
export function relayOfDevice(model: string, mapped: ControlMethod | undefined, fix: { status_word: number; last_time: number; speed: number } | undefined): DeviceRelay {
  return {
    method: mapped ?? null,
    unmappedReason: mapped ? null : unmappedReason(model),
    relay: relayStateOf(fix?.status_word ?? 0),
    reportedAt: fix ? formatTime(fix.last_time) : null,
    speed: fix ? fix.speed : null,
  };
}

/**
 * What the case page shows of immobilisation (for the recovery module): the case's requests with what
 * the caller may do to each, and its devices' relays. The caller has been shown the case (caseAccess.visible),
 * and the device ids are the case's own (caseAccess.devices).
 */
export function createControlQueries(db: Db) {
  const requests = createControlRequestRepository(db);
  const mappings = createControlMappingRepository(db);

  async function relayOf(deviceIds: readonly number[]): Promise<Map<number, DeviceRelay>> {
    if (deviceIds.length === 0) return new Map();
    const devices = await mappings.modelsOf(deviceIds);
    const [mapped, fixes] = await Promise.all([mappings.ofModels(devices.map((d) => d.model)), requests.fixes(deviceIds)]);
    return new Map(devices.map((d) => [d.id, relayOfDevice(d.model, mapped.get(d.model)?.method, fixes.get(d.id))]));
  }

  return {
    async forCase(user: SessionUser, caseRow: Pick<CaseRow, 'id'>): Promise<ControlRequestItem[]> {
      return (await requests.ofCase(caseRow.id)).map((r) => controlItemOf(r, user));
    },
    relayOf,
    /** One device of the caller's scope (the device card). */
    async relay(user: SessionUser, deviceNumber: string): Promise<RelayStatus> {
      const device = await mappings.deviceInScope(user.scope, deviceNumber);
      if (!device) throw notFound('设备不存在');
      return { deviceNumber: device.device_number, model: device.model, ...(await relayOf([device.id])).get(device.id)! };
    },
  };
}

export type ControlQueries = ReturnType<typeof createControlQueries>;
