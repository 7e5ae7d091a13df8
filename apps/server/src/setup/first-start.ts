import type { Db } from '../db/database.js';
import { generatePassword, hashPassword } from '../lib/password.js';
import { insertBuiltInRoles } from './built-in-roles.js';
import { insertCatalog } from './catalog.js';

/** The platform administrator a first start creates. */
export const INITIAL_ADMIN = 'admin';

/** The platform department's name until an administrator renames it in 部门管理. */
const PLATFORM_DEPT = { name: '平台运营中心', province: null, city: null };

/**
 * Marks the one start that set the platform up. Its unique key makes the check and the creation one
 * step across processes: of several scale-mode API processes starting together on an empty
 * PostgreSQL database, the others wait on the row and then find it taken.
 */
const MARK = 'platform.setUpAt';

const hasDepartments = async (db: Db) => (await db.selectFrom('dept').select('id').limit(1).executeTakeFirst()) !== undefined;

/**
 * On an empty database: the platform department, the built-in roles, the reference catalogue (car
 * brands and install products) and one platform administrator, `admin`, whose random password must
 * be changed at the first sign-in. Answers that password, or null when the database already had
 * departments or another process did it: a later start never creates or resets anyone.
 */
export async function setUpEmptyDatabase(db: Db, now = Date.now()): Promise<{ username: string; password: string } | null> {
  if (await hasDepartments(db)) return null;
  const password = generatePassword();
  // Hashed before the transaction: argon2 takes ~50 ms, and on SQLite the transaction holds the writer.
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto('setting')
      .values({ dept_id: 0, key: MARK, value: String(now) })
      .onConflict((oc) => oc.columns(['dept_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    // Filled meanwhile by a demo start (the mark is only the first start's).
    if (await hasDepartments(trx)) return null;

    const { id } = await trx
      .insertInto('dept')
      .values({ parent_id: null, kind: 'platform', ...PLATFORM_DEPT, path: '', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('dept').set({ path: `/${id}/` }).where('id', '=', id).execute();
    const roles = await insertBuiltInRoles(trx, id);
    await insertCatalog(trx);
    await trx
      .insertInto('app_user')
      .values({
        username: INITIAL_ADMIN, password_hash: passwordHash, realname: '平台管理员', avatar: '', phone: '',
        dept_id: id, role_id: roles.get('platformAdmin')!, enabled: 1, created_at: now, must_change_password: 1,
      })
      .execute();
    return { username: INITIAL_ADMIN, password };
  });
}
