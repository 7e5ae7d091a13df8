import crypto from 'node:crypto';
import {
  DEPT_KIND_LABELS,
  formatTime, IngestBatch, IngestPosition, parseTime,
  type CreateIntegration, type IngestItemResult, type IngestResult, type IntegrationCreated, type IntegrationItem,
} from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { badInput, conflict, describeZodError, notFound } from '../../lib/errors.js';
import { scopeHas } from '../../lib/scope.js';
import { parse } from '../../lib/validate.js';
import type { DeviceCache } from '../../telemetry/pipeline/device-cache.js';
import type { IncomingPosition } from '../../telemetry/pipeline/incoming.js';
import type { PositionSink } from '../../telemetry/pipeline/position-pipeline.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { SessionUser } from '../session/session-user.js';
import type { IngestRepository, IntegrationRow } from './ingest.repository.js';
import { hashKey, type IntegrationKeyCheck, type KeyCaller } from './integration-key.js';

export type IngestDeps = { db: Db; repo: IngestRepository; keys: IntegrationKeyCheck; audit: AuditRepository; pipeline: PositionSink; devices: DeviceCache; now?: () => number };

const time = (ms: number | null) => (ms === null ? null : formatTime(ms));

function itemOf(r: IntegrationRow): IntegrationItem {
  return {
    id: r.id, name: r.name, deptId: r.dept_id, deptName: r.dept_name, createdAt: formatTime(r.created_at), createdBy: r.created_by,
    keyHint: r.key_hint, lastUsedAt: time(r.last_used_at), state: r.revoked_at === null ? 'active' : 'revoked', revokedAt: time(r.revoked_at), revokedBy: r.revoked_by,
  };
}

export function createIngestService(deps: IngestDeps) {
  const { db, repo, audit, pipeline, devices } = deps;
  const now = deps.now ?? Date.now;

  return {
    /**
     * Issues a key for a department the caller can see and returns it, shown this once: only its hash
     * and last four characters are kept. Installers hold no devices or loans, so a key of theirs could
     * do nothing and is refused. Recorded in the audit log (never the key).
     */
    async createIntegration(user: SessionUser, ip: string, input: CreateIntegration): Promise<IntegrationCreated> {
      const deptId = input.deptId ?? user.deptId;
      // A platform user's scope is everything, so an id of no department must be refused here, not by the foreign key.
      const dept = scopeHas(user.scope, deptId) ? await repo.dept(deptId) : undefined;
      if (!dept) throw notFound('机构不存在');
      if (dept.kind === 'installer' || dept.kind === 'recovery') throw badInput(`参数错误：deptId ${DEPT_KIND_LABELS[dept.kind].zh}名下没有设备和贷款，不能持有接口密钥`);
      const apiKey = crypto.randomBytes(24).toString('base64url');
      const keyHint = apiKey.slice(-4);
      const id = await db.transaction().execute(async (trx) => {
        if (await repo.activeNameTaken(deptId, input.name, trx)) throw conflict(`${dept.name}已有名为“${input.name}”的有效密钥，请换一个名称`);
        const created = await repo.createIntegration({ deptId, name: input.name, keyHash: hashKey(apiKey), keyHint, createdBy: user.username, now: now() }, trx);
        await audit.record(user, ip, { action: 'integration.create', target: input.name, detail: { id: created, dept: dept.name, keyHint } }, trx);
        return created;
      });
      return { id, name: input.name, deptId, apiKey, keyHint };
    },

    async list(user: SessionUser): Promise<IntegrationItem[]> {
      return (await repo.list(user.scope)).map(itemOf);
    },

    /**
     * Revokes a key: from this moment every call with it (positions, loan import) is refused as an
     * unknown key would be, by every API process, since the key is looked up on each call. A key is
     * kept, marked, so the list and the audit log still name it; it cannot be restored.
     */
    async revokeIntegration(user: SessionUser, ip: string, id: number): Promise<IntegrationItem> {
      return db.transaction().execute(async (trx) => {
        const row = await repo.find(user.scope, id, trx);
        if (!row) throw notFound('密钥不存在');
        if (row.revoked_at !== null || !(await repo.revoke(id, user.username, now(), trx))) throw conflict('该密钥已吊销');
        await audit.record(user, ip, { action: 'integration.revoke', target: row.name, detail: { id, dept: row.dept_name, keyHint: row.key_hint } }, trx);
        return itemOf((await repo.find(user.scope, id, trx))!);
      });
    },

    /** The key is checked before the body, so a caller without one learns nothing else. */
    async ingest(caller: KeyCaller, body: unknown): Promise<IngestResult> {
      const scope = await deps.keys(caller);
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
