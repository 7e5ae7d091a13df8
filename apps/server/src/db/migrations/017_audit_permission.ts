import type { Kysely } from 'kysely';

/** Issue 18: reading the audit log is a permission of its own, held by the roles that manage an institution. */
const GRANTED_TO = ['platformAdmin', 'financeManager'];
const PERMISSION = 'audit:view';

export async function up(db: Kysely<any>): Promise<void> {
  const roles = (await db.selectFrom('role').select(['id', 'permissions']).where('code', 'in', GRANTED_TO).execute()) as { id: number; permissions: string }[];
  for (const role of roles) {
    const held = JSON.parse(role.permissions) as string[];
    if (held.includes(PERMISSION)) continue;
    await db.updateTable('role').set({ permissions: JSON.stringify([...held, PERMISSION]) }).where('id', '=', role.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const roles = (await db.selectFrom('role').select(['id', 'permissions']).execute()) as { id: number; permissions: string }[];
  for (const role of roles) {
    const held = JSON.parse(role.permissions) as string[];
    if (!held.includes(PERMISSION)) continue;
    await db.updateTable('role').set({ permissions: JSON.stringify(held.filter((p) => p !== PERMISSION)) }).where('id', '=', role.id).execute();
  }
}
