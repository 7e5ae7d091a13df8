import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import { insertFences } from './fences.js';
import { DAY_MS } from './fleet.js';
import { ROLE_NAMES } from '../setup/built-in-roles.js';
import { ACCOUNTS, placeName } from './organisation.js';
import { Rng } from './random.js';
import { insertRiskPoints } from './risk-points.js';
import { insertCatalog } from '../setup/catalog.js';
import { insertFleet } from './seed-fleet.js';
import { insertOrganisation } from './seed-organisation.js';

export type SeedProgress = (step: string, done: number, total: number) => void;

export type DemoSummary = {
  departments: number;
  users: number;
  customers: number;
  cars: number;
  devices: number;
  riskPoints: number;
  fences: number;
};

export const DEMO_PASSWORD = 'Demo@2026';
export const DEFAULT_DEMO_SEED = 20261122;

/** The sign-in accounts with their role and department names, for the start banner and README. */
export const DEMO_ACCOUNTS: { username: string; role: string; dept: string }[] = ACCOUNTS.map((a) => ({
  username: a.username,
  role: ROLE_NAMES[a.role].zh,
  dept: placeName(a.place),
}));

const DEMO_MARK = 'demo.loadedAt';

/** Whether this database holds the demo dataset (and with it the demo accounts and their shared password). */
export async function demoLoaded(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('setting').select('value').where('dept_id', '=', 0).where('key', '=', DEMO_MARK).executeTakeFirst()) !== undefined;
}

/** The organisation predates its oldest loan (three years back). */
const FOUNDED_DAYS_AGO = 1100;

/**
 * Fills an empty, migrated database with a believable data set. The same seed gives the same rows;
 * `now` only moves the times along with it: install dates, loan starts and birth dates, and with them
 * the date parts of identity-card numbers, VIN model years and contract numbers.
 */
export async function seedDemo(
  db: Kysely<DB>,
  opts: { seed?: number; now?: number; onProgress?: SeedProgress } = {},
): Promise<DemoSummary> {
  const seed = opts.seed ?? DEFAULT_DEMO_SEED;
  const now = opts.now ?? Date.now();
  const progress = opts.onProgress ?? (() => {});
  // argon2 takes ~50 ms a hash; every demo account shares the one password, so hash it once.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('dept').select('id').limit(1).executeTakeFirst();
    if (existing) throw new Error('seedDemo needs an empty database, but departments already exist');

    const rng = new Rng(seed);
    // Forked up front so each part draws from its own stream whatever the others do.
    const streams = { org: rng.fork('org'), fleet: rng.fork('fleet'), risk: rng.fork('risk'), fences: rng.fork('fences') };

    progress('organisation', 0, 1);
    const org = await insertOrganisation(trx, streams.org, now - FOUNDED_DAYS_AGO * DAY_MS, passwordHash);
    progress('organisation', 1, 1);

    progress('catalog', 0, 1);
    const catalog = await insertCatalog(trx);
    progress('catalog', 1, 1);

    const fleet = await insertFleet(trx, streams.fleet, org, catalog, now, progress);

    progress('riskPoints', 0, 1);
    const points = await insertRiskPoints(trx, streams.risk, org, now);
    progress('riskPoints', 1, 1);

    progress('fences', 0, 1);
    const fences = await insertFences(trx, streams.fences, org, fleet.fitted, points, now);
    progress('fences', 1, 1);
    // The start banner lists the demo accounts only where they exist.
    await trx.insertInto('setting').values({ dept_id: 0, key: DEMO_MARK, value: String(now) }).execute();

    return {
      // Each institution, its dealers, its installer company and its recovery company.
      departments: 1 + org.finance.reduce((n, f) => n + 3 + f.dealers.length, 0),
      users: org.userIds.size,
      customers: fleet.customers,
      cars: fleet.cars,
      devices: fleet.devices,
      riskPoints: points.length,
      fences,
    };
  });
}
