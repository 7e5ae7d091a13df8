import type { Db } from '../db/database.js';
import { createAuditRepository } from '../modules/audit/audit.repository.js';
import type { SessionUser } from '../modules/session/session-user.js';
import { demoSessionUsers } from './demo-users.js';
import { Rng } from './random.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3_600_000;

/** How many of the demo history's days the accounts signed in on, by the kind of department: operators daily, installers now and then. */
const DAILY_CHANCE: Record<string, number> = { finance: 0.8, dealer: 0.5, installer: 0.35, recovery: 0.35, platform: 0.3 };

export type FirstActs = Map<number, Map<number, number>>;

/** Local (Asia/Shanghai) day number of a time: days since the epoch. */
const localDay = (t: number) => Math.floor((t + SHANGHAI_MS) / DAY_MS);

/**
 * The demo accounts' sign-ins over the history (issue 31: 最近登录 showed 从未登录 for everyone): each
 * account signs in on the mornings of some days, and always before the first warning it handled on a
 * day (`firstActs`: user id → local day → time of the first act). Recorded as the sign-in path records
 * them (a session.login audit entry, which is what 最近登录 reads), marked as demo history.
 */
export async function recordDemoSignIns(db: Db, now: number, days: number, seed: number, firstActs: FirstActs = new Map()): Promise<number> {
  const rng = new Rng(seed).fork('sign-ins');
  const users = await demoSessionUsers(db);
  const logins: { user: SessionUser; at: number }[] = [];
  const today = localDay(now);
  for (const user of users) {
    const acts = firstActs.get(user.id) ?? new Map<number, number>();
    for (let day = today - days; day <= today; day++) {
      const midnight = day * DAY_MS - SHANGHAI_MS;
      // Somewhere between 08:00 and 10:30, or shortly before the first warning handled that day.
      const morning = midnight + 8 * 60 * MINUTE_MS + rng.int(0, 150) * MINUTE_MS + rng.int(0, 59_999);
      const first = acts.get(day);
      // Before a handling just after midnight the sign-in is the evening before: still one before it.
      const at = first !== undefined ? Math.min(morning, first - rng.int(2, 30) * MINUTE_MS) : rng.chance(DAILY_CHANCE[user.deptKind] ?? 0.3) ? morning : null;
      if (at !== null && at < now) logins.push({ user, at });
    }
  }
  logins.sort((a, b) => a.at - b.at);
  let clock = now;
  const audit = createAuditRepository(db, () => clock);
  for (const l of logins) {
    clock = l.at;
    await audit.recordFor(l.user, '127.0.0.1', { action: 'session.login', target: l.user.username, detail: { browser: 'Chrome 126', demo: true } });
  }
  return logins.length;
}

/** Notes the first act of each user on each local day. */
export function noteAct(acts: FirstActs, userId: number, at: number): void {
  let mine = acts.get(userId);
  if (!mine) acts.set(userId, (mine = new Map()));
  const day = localDay(at);
  const had = mine.get(day);
  if (had === undefined || at < had) mine.set(day, at);
}
