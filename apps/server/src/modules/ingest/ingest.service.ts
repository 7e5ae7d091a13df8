import crypto from 'node:crypto';
import {
  formatTime, IngestBatch, IngestPosition, parseTime,
  type CreateIntegration, type IngestItemResult, type IngestResult, type IntegrationCreated, type IntegrationItem,
} from '@cvrisk/contracts';
import { describeZodError, notFound } from '../../lib/errors.js';
import { scopeHas } from '../../lib/scope.js';
import { parse } from '../../lib/validate.js';
import type { DeviceCache } from '../../telemetry/pipeline/device-cache.js';
import type { IncomingPosition } from '../../telemetry/pipeline/incoming.js';
import type { PositionSink } from '../../telemetry/pipeline/position-pipeline.js';
import type { SessionUser } from '../session/session-user.js';
import type { IngestRepository } from './ingest.repository.js';
import { hashKey, integrationScope } from './integration-key.js';

export function createIngestService(repo: IngestRepository, pipeline: PositionSink, devices: DeviceCache) {

  return {
    /** Creates an integration for a department the caller can see and returns its key, shown this once. */
    async createIntegration(user: SessionUser, input: CreateIntegration): Promise<IntegrationCreated> {
      const deptId = input.deptId ?? user.deptId;
      // A platform user's scope is everything, so an id of no department must be refused here, not by the foreign key.
      if (!scopeHas(user.scope, deptId) || !(await repo.deptExists(deptId))) throw notFound('机构不存在');
      const apiKey = crypto.randomBytes(24).toString('base64url');
      const id = await repo.createIntegration(deptId, input.name, hashKey(apiKey), Date.now());
      return { id, name: input.name, deptId, apiKey };
    },

    async list(user: SessionUser): Promise<IntegrationItem[]> {
      const rows = await repo.list(user.scope);
      return rows.map((r) => ({ id: r.id, name: r.name, deptId: r.dept_id, deptName: r.dept_name, createdAt: formatTime(r.created_at) }));
    },

    /** The key is checked before the body, so a caller without one learns nothing else. */
    async ingest(key: string | undefined, body: unknown): Promise<IngestResult> {
      const scope = await integrationScope(repo, key);
      const items = parse(IngestBatch, body).positions;
      const results: IngestItemResult[] = items.map((_, index) => ({ index, status: 'rejected' }));
      const accepted: IncomingPosition[] = [];
      const slots: number[] = [];
      for (let i = 0; i < items.length; i++) {
        const parsed = IngestPosition.safeParse(items[i]);
        if (!parsed.success) {
          results[i]!.reason = describeZodError(parsed.error);
          continue;
        }
        const p = parsed.data;
        // A device outside the integration's departments is answered as unknown, never confirmed.
        const device = await devices.get(p.deviceNumber);
        if (!device || !scopeHas(scope, device.deptId)) {
          results[i]!.reason = '设备不存在';
          continue;
        }
        accepted.push({
          deviceNumber: p.deviceNumber,
          gpsTime: typeof p.gpsTime === 'number' ? p.gpsTime : parseTime(p.gpsTime)!,
          lng: p.lng, lat: p.lat, speed: p.speed, direction: p.direction, altitude: p.altitude, acc: p.acc,
          mileageKm: p.mileage ?? null, satellites: p.satellites ?? null, signal: p.signal ?? null, battery: p.battery ?? null,
          fixType: p.fixType, alarmWord: p.alarmWord, statusWord: p.statusWord,
        });
        slots.push(i);
      }
      const outcome = accepted.length ? await pipeline.submit(accepted) : [];
      outcome.forEach((r, j) => {
        results[slots[j]!] = { index: slots[j]!, status: r.status, ...(r.reason ? { reason: r.reason } : {}) };
      });
      const count = (s: IngestItemResult['status']) => results.filter((r) => r.status === s).length;
      return { stored: count('stored'), duplicates: count('duplicate'), rejected: count('rejected'), items: results };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
