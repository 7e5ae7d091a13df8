import { Codes, isSuccessCode } from '@cvrisk/contracts';
import type { Translate } from '../lib/i18n/translate';

/** Why a call did not give a usable reply. */
export type Failure =
  | { kind: 'code'; code: number; msg: string | null }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'cancelled' }
  | { kind: 'unknown' };

export type Envelope = { code: number; msg?: string } & Record<string, unknown>;

export type Reply = { ok: true; body: Envelope } | { ok: false; failure: Failure };

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/**
 * Judges a reply by its envelope code; an HTTP error without an envelope is judged by its status,
 * as the console-spec §8 "HTTP error with a body: same handling by status" asks.
 */
export function readReply(httpStatus: number, body: unknown): Reply {
  if (isEnvelope(body)) {
    if (isSuccessCode(body.code)) return { ok: true, body };
    const msg = typeof body.msg === 'string' && body.msg.trim() !== '' ? body.msg : null;
    return { ok: false, failure: { kind: 'code', code: body.code, msg } };
  }
  if (httpStatus < 200 || httpStatus >= 300) return { ok: false, failure: { kind: 'code', code: httpStatus, msg: null } };
  return { ok: false, failure: { kind: 'unknown' } };
}

/** What the console does about a failure: stay quiet, toast, send to login, or send to /401. */
export type Outcome =
  | { action: 'none'; message: string }
  | { action: 'toast'; message: string }
  | { action: 'relogin'; message: string }
  | { action: 'forbidden'; message: string };

export function outcomeOf(failure: Failure, t: Translate): Outcome {
  switch (failure.kind) {
    case 'code': {
      const message = failure.msg ?? t('error.backend', { code: failure.code });
      if (failure.code === Codes.INVALID_TOKEN) return { action: 'relogin', message };
      if (failure.code === Codes.NO_PERMISSION) return { action: 'forbidden', message };
      return { action: 'toast', message };
    }
    case 'network':
      return { action: 'toast', message: t('error.network') };
    case 'timeout':
      return { action: 'toast', message: t('error.timeout') };
    case 'cancelled':
      return { action: 'none', message: '' };
    case 'unknown':
      return { action: 'toast', message: t('error.unknown') };
  }
}

export class ApiError extends Error {
  constructor(
    readonly failure: Failure,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get code(): number | null {
    return this.failure.kind === 'code' ? this.failure.code : null;
  }
}
