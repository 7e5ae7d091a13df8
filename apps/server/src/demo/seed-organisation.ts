import type { DeptKind } from '@cvrisk/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { makeMobile } from './identity.js';
import { insertBuiltInRoles } from '../setup/built-in-roles.js';
import { ACCOUNTS, FINANCE, PLATFORM, type AccountPlace, type DealerSpec } from './organisation.js';
import { CITIES, type City } from './places.js';
import type { Rng } from './random.js';

export type DealerUnit = {
  id: number;
  financeId: number;
  /** Position among its institution's dealers: the first one holds stock devices and fences. */
  index: number;
  spec: DealerSpec;
  city: City;
  contractPrefix: string;
};

export type FinanceUnit = { id: number; installerId: number; recoveryId: number; dealers: DealerUnit[] };

export type Organisation = {
  rootId: number;
  finance: FinanceUnit[];
  dealers: DealerUnit[];
  userIds: Map<string, number>;
  /** The first account of each department, recorded as the creator of what that department owns. */
  deptUser: Map<number, number>;
};

type DeptInput = { kind: DeptKind; name: string; province: string; city: string };

/** Ids come from the database, so the path is written once the row's own id is known. */
async function insertDept(trx: Kysely<DB>, parent: { id: number; path: string } | null, d: DeptInput, createdAt: number) {
  const { id } = await trx
    .insertInto('dept')
    .values({ parent_id: parent?.id ?? null, ...d, path: '', created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${parent?.path ?? '/'}${id}/`;
  await trx.updateTable('dept').set({ path }).where('id', '=', id).execute();
  return { id, path };
}

export async function insertOrganisation(trx: Kysely<DB>, rng: Rng, createdAt: number, passwordHash: string): Promise<Organisation> {
  const root = await insertDept(trx, null, { kind: 'platform', ...PLATFORM }, createdAt);
  const finance: FinanceUnit[] = [];
  const financeDepts: { id: number; path: string }[] = [];
  for (const f of FINANCE) {
    const fin = await insertDept(trx, root, { kind: 'finance', name: f.name, province: f.province, city: f.city }, createdAt);
    const dealers: DealerUnit[] = [];
    for (const [index, spec] of f.dealers.entries()) {
      const city = CITIES[spec.city];
      const d = await insertDept(trx, fin, { kind: 'dealer', name: spec.name, province: city.province, city: city.city }, createdAt);
      dealers.push({ id: d.id, financeId: fin.id, index, spec, city, contractPrefix: f.contractPrefix });
    }
    const installer = await insertDept(trx, fin, { kind: 'installer', ...f.installer }, createdAt);
    finance.push({ id: fin.id, installerId: installer.id, recoveryId: 0, dealers });
    financeDepts.push(fin);
  }
  // After every other department, so the ids of those stay as they were before recovery companies existed.
  for (const [i, f] of FINANCE.entries()) {
    const unit = finance[i] as FinanceUnit;
    unit.recoveryId = (await insertDept(trx, financeDepts[i]!, { kind: 'recovery', ...f.recovery }, createdAt)).id;
  }

  const roleId = await insertBuiltInRoles(trx, root.id);

  const deptOf = (p: AccountPlace): number => {
    if (p.kind === 'platform') return root.id;
    const f = finance[p.finance] as FinanceUnit;
    if (p.kind === 'finance') return f.id;
    if (p.kind === 'installer') return f.installerId;
    if (p.kind === 'recovery') return f.recoveryId;
    return (f.dealers[p.dealer] as DealerUnit).id;
  };
  const users = await trx
    .insertInto('app_user')
    .values(ACCOUNTS.map((a) => ({
      username: a.username,
      password_hash: passwordHash,
      realname: a.realname,
      avatar: '',
      phone: makeMobile(rng),
      dept_id: deptOf(a.place),
      role_id: roleId.get(a.role) as number,
      enabled: 1,
      created_at: createdAt,
    })))
    .returning(['id', 'username'])
    .execute();
  const userIds = new Map(users.map((u) => [u.username, u.id]));
  const deptUser = new Map<number, number>();
  for (const a of ACCOUNTS) {
    const dept = deptOf(a.place);
    if (!deptUser.has(dept)) deptUser.set(dept, userIds.get(a.username) as number);
  }

  return {
    rootId: root.id,
    finance,
    dealers: finance.flatMap((f) => f.dealers),
    userIds,
    deptUser,
  };
}
