import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  formatTime, PUSH_EVENT_HEADER, PUSH_RETRY_DELAYS_MS, PUSH_SIGNATURE_HEADER, PUSH_TIMEOUT_MS, warningTypeName,
  type RiskLevel, type WarningTypeCode, type WebhookTestPayload, type WebhookWarningPayload,
} from '@cvrisk/contracts';
import { maskPhone } from '../../lib/mask.js';
import type { OutboundGuard, Resolver } from '../../lib/outbound-guard.js';
import type { DueRow, Outcome, PushRepository } from './push.repository.js';

export type PushWorkerOptions = {
  now?: () => number;
  /** How receivers' names resolve (the system's DNS by default); tests give a table. */
  resolve?: Resolver;
  /** Waits before each retry; the attempt after the last wait is the last one. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  /** How often the worker looks for due deliveries besides being woken by new ones. */
  pollMs?: number;
  onError?: (err: unknown) => void;
};

const BATCH = 20;
const POLL_MS = 5000;

/** `sha256=<hex>`: what a receiver recomputes over the raw body with the shared secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Every failure short of an HTTP answer reads the same: which one it was (refused, reset, time-out,
 * no such name, a refused address) would tell whoever saves webhooks whether an internal port is open.
 */
const UNREACHABLE = '无法送达：连接失败、超时、域名无法解析或目标地址不允许';

type Post = { url: string; headers: Record<string, string>; body: string; timeoutMs: number };

/** One POST that connects only where the guard allows; answers the status without reading the reply, never follows a redirect. */
function postOnce(guard: OutboundGuard, { url, headers, body, timeoutMs }: Post): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      // A fresh agent per request: no pooled socket that some other lookup opened.
      agent: false,
      lookup: guard.lookupFor(target),
      signal: AbortSignal.timeout(timeoutMs),
    }, (res) => {
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends pending webhook deliveries: POSTs the JSON with its HMAC signature, retries a non-2xx answer
 * or a network error after each of the back-off waits, then gives up as failed. Every state lives in
 * `webhook_delivery`, so a restarted server (or another process) carries on where this one stopped.
 */
export function createPushWorker(repo: PushRepository, guard: OutboundGuard, o: PushWorkerOptions = {}) {
  const now = o.now ?? Date.now;
  const delays = o.retryDelaysMs ?? PUSH_RETRY_DELAYS_MS;
  const timeoutMs = o.timeoutMs ?? PUSH_TIMEOUT_MS;
  const onError = o.onError ?? (() => {});
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  async function bodyOf(d: DueRow): Promise<{ event: 'warning' | 'test'; body: string } | null> {
    if (d.warning_id === null) {
      const test: WebhookTestPayload = { test: true, webhookId: d.webhook_id, webhookName: d.name, sentAt: formatTime(d.created_at) };
      return { event: 'test', body: JSON.stringify(test) };
    }
    const w = await repo.payloadRow(d.warning_id);
    if (!w) return null;
    const type = w.warning_type as WarningTypeCode;
    const payload: WebhookWarningPayload = {
      id: w.id, warningType: type, warningTypeName: warningTypeName(type), riskLevel: w.risk_level as RiskLevel,
      compound: w.compound === 1, deviceNumber: w.device_number, customerName: w.customer_name, plateNumber: w.plate_number, deptId: w.dept_id,
      warningTime: formatTime(w.warning_time), customerPhone: w.customer_phone === null ? null : maskPhone(w.customer_phone),
    };
    return { event: 'warning', body: JSON.stringify(payload) };
  }

  /** One attempt; answers the HTTP status, or throws what went wrong. */
  function post(d: DueRow, event: string, body: string): Promise<number> {
    const headers = { 'Content-Type': 'application/json', 'User-Agent': 'cvrisk-webhook/1', [PUSH_SIGNATURE_HEADER]: signBody(d.secret, body), [PUSH_EVENT_HEADER]: event };
    return postOnce(guard, { url: d.url, headers, body, timeoutMs });
  }

  async function attempt(d: DueRow): Promise<void> {
    // Leave room for the request and the write after it before another process may take the row.
    if (!(await repo.claim(d.id, d.next_attempt_at, now() + timeoutMs + 60_000))) return;
    const attempts = d.attempts + 1;
    // A test delivery is tried once: the operator is watching for its answer.
    const last = d.warning_id === null || attempts > delays.length;
    const fail = (status: number | null, error: string): Outcome => ({
      state: last ? 'failed' : 'pending', attempts, next_attempt_at: last ? null : now() + delays[attempts - 1]!,
      last_status: status, last_error: error, delivered_at: null,
    });
    let outcome: Outcome;
    const message = await bodyOf(d);
    if (!message) outcome = { ...fail(null, '预警已不存在'), state: 'failed', next_attempt_at: null };
    else {
      try {
        const status = await post(d, message.event, message.body);
        outcome = status >= 200 && status < 300
          ? { state: 'delivered', attempts, next_attempt_at: null, last_status: status, last_error: null, delivered_at: now() }
          : fail(status, `HTTP ${status}`);
      } catch {
        outcome = fail(null, UNREACHABLE);
      }
    }
    await repo.record(d.id, outcome);
  }

  async function drain(): Promise<void> {
    for (;;) {
      const due = await repo.due(now(), BATCH);
      await Promise.all(due.map((d) => attempt(d).catch(onError)));
      if (due.length < BATCH) return;
    }
  }

  /** Runs the drain once at a time; a wake-up during a run runs it again after. */
  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await drain().catch(onError);
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => void tick().finally(schedule), o.pollMs ?? POLL_MS);
    timer.unref();
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      void tick();
      schedule();
    },
    /** New deliveries were queued: send them now rather than at the next poll. */
    wake(): void {
      if (!stopped) void tick();
    },
    /**
     * Queues a test delivery to the webhook and attempts it at once, whether or not the worker runs;
     * answers its id. It is queued already leased to this call, so a poll of the worker cannot take it
     * and leave the caller reading it mid-attempt; if this process dies first, it is tried once the lease passes.
     */
    async sendTest(webhookId: number): Promise<number> {
      const lease = now() + timeoutMs + 60_000;
      const [id] = await repo.enqueue([webhookId], null, now(), lease);
      const [d] = await repo.due(lease, 1, id!);
      if (d) await attempt(d);
      return id!;
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type PushWorker = ReturnType<typeof createPushWorker>;
