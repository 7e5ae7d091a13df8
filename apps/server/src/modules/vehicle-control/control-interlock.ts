import { CONTROL_LIMITS } from '@cvrisk/contracts';
import type { FixStatus } from './control-request.repository.js';

/** `stale`: held for want of a fix under maxFixAgeMinutes old (not for speed): worth asking the terminal where it is. */
export type Interlock = { send: true } | { send: false; holdReason: string; stale: boolean };

const MINUTE = 60_000;

/** "25 分钟", "3 小时", "2 天": how long ago the latest fix was. */
function ago(ms: number): string {
  const minutes = Math.floor(ms / MINUTE);
  if (minutes < 120) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} 小时` : `${Math.floor(hours / 24)} 天`;
}

/**
 * Whether a cut may go out now (issue 32): only on a fix at most `maxFixAgeMinutes` old showing the car
 * at most `stoppedKmh`. The ceiling of `maxSpeedKmh` is applied here too, whatever the setting says,
 * so no configuration can let a cut reach a car at speed. A restore never waits: it makes no car unsafe.
 */
export function checkInterlock(fix: FixStatus | undefined, now: number, stoppedKmh: number): Interlock {
  const limit = Math.min(stoppedKmh, CONTROL_LIMITS.maxSpeedKmh);
  const fresh = `收到 ${CONTROL_LIMITS.maxFixAgeMinutes} 分钟内的静止定位后下发`;
  if (!fix) return { send: false, holdReason: `设备尚无定位，${fresh}`, stale: true };
  const age = now - fix.last_time;
  if (age > CONTROL_LIMITS.maxFixAgeMinutes * MINUTE) return { send: false, holdReason: `最近定位已是 ${ago(age)}前，${fresh}`, stale: true };
  const speed = Number(fix.speed.toFixed(1));
  if (fix.speed > CONTROL_LIMITS.maxSpeedKmh) return { send: false, holdReason: `车速 ${speed} km/h，超过 ${CONTROL_LIMITS.maxSpeedKmh} km/h，停稳后自动下发`, stale: false };
  if (fix.speed > limit) return { send: false, holdReason: `车速 ${speed} km/h，未停稳（不超过 ${limit} km/h 视为停稳），停稳后自动下发`, stale: false };
  return { send: true };
}
