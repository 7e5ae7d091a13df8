import { z } from 'zod';
import type { MonitorDevice } from './monitor.js';
import type { WarningHandledEvent } from './warning-list.js';
import type { WarningEvent } from './warning.js';

/**
 * The live event stream, GET /api/events/stream (server-sent events). The token travels in the
 * `accessToken` header (fetch-based readers) or the `accessToken` query parameter (EventSource).
 * Each event carries only what the caller's scope may see.
 */
export const LIVE_STREAM_PATH = '/api/events/stream';

/** How often the server flushes coalesced device updates to each client. */
export const LIVE_FLUSH_MS = 1000;

/** `event: devices` — the latest state of every device in scope that changed since the last flush. */
export type DevicesEvent = MonitorDevice[];

/** Event name → payload of `data:` (JSON). */
export type LiveEventMap = {
  devices: DevicesEvent;
  /** One warning just raised, to holders of `warning:view` whose scope holds its department. */
  warning: WarningEvent;
  /** Warnings just handled (their ids within the receiver's scope), so badges, tickers and lists drop them. */
  warningHandled: WarningHandledEvent;
};
export type LiveEventName = keyof LiveEventMap;

export const LIVE_EVENT_NAMES = ['devices', 'warning', 'warningHandled'] as const satisfies readonly LiveEventName[];

/**
 * `?events=devices,warning`: the events a reader listens to. Without it a stream carries every event
 * the caller may receive; with it, only those named — a console away from the map does not take the
 * fleet's position updates.
 */
export const LiveStreamQuery = z.object({
  events: z
    .string()
    .max(100)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const names = v.split(',').filter(Boolean);
      const unknown = names.filter((n) => !(LIVE_EVENT_NAMES as readonly string[]).includes(n));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `只能是 ${LIVE_EVENT_NAMES.join('、')}，不认识：${unknown.join('、')}` });
        return z.NEVER;
      }
      return new Set(names as LiveEventName[]);
    }),
});

