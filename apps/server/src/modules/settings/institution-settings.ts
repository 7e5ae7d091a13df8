import type { Permission } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { notFound, noPermission } from '../../lib/errors.js';
import { scopeHas } from '../../lib/scope.js';
import { inSelfOrAncestors } from '../../lib/shared-scope.js';
import type { SessionUser } from '../session/session-user.js';

/** The department id under which `setting` keeps platform-wide values: a per-institution setting's platform default among them. */
export const PLATFORM_SETTINGS = 0;

export type Institution = { id: number; name: string };

/**
 * Whose value of a per-institution setting a call reads or writes: a finance institution's own, or
 * the platform default (null) that every institution without its own value gets.
 */
export type SettingsLevel = Institution | null;

/** The caller, as far as the settings rules look at them. */
export type SettingsCaller = Pick<SessionUser, 'deptId' | 'scope' | 'permissions'>;

/** The finance institutions of the department tree (platform → institution → dealers and installers). */
export function createInstitutionRepository(db: Db) {
  return {
    allInstitutions(): Promise<Institution[]> {
      return db.selectFrom('dept').select(['id', 'name']).where('kind', '=', 'finance').orderBy('id').execute();
    },

    institution(id: number): Promise<Institution | undefined> {
      return db.selectFrom('dept').select(['id', 'name']).where('id', '=', id).where('kind', '=', 'finance').executeTakeFirst();
    },

    /** The finance institution a department is or belongs to (materialised paths: an ancestor's path prefixes ours). */
    institutionOf(deptId: number): Promise<Institution | undefined> {
      return db.selectFrom('dept').select(['id', 'name']).where('kind', '=', 'finance').where(inSelfOrAncestors('id', deptId)).executeTakeFirst();
    },

    dept(id: number): Promise<{ id: number; kind: string } | undefined> {
      return db.selectFrom('dept').select(['id', 'kind']).where('id', '=', id).executeTakeFirst();
    },
  };
}

export type InstitutionRepository = ReturnType<typeof createInstitutionRepository>;

/**
 * The one rule of every setting kept per institution (docs/security.md, "Settings per institution"):
 * a user reads the value of their own institution (their department's, or the one above their dealer
 * or installer), which falls back to the platform default where the institution has none; they change
 * it only when their scope holds the institution (its own staff, not its dealers'); the platform
 * default is read and changed by platform staff only. Platform staff may name any institution.
 */
export function createSettingsLevels(repo: InstitutionRepository) {
  const platform = (user: SettingsCaller) => user.scope.kind === 'all';

  /** The caller's own level: their institution, or the platform default for platform staff (and for anyone in no institution). */
  async function own(user: SettingsCaller): Promise<SettingsLevel> {
    if (platform(user)) return null;
    return (await repo.institutionOf(user.deptId)) ?? null;
  }

  /**
   * The level a department names: the institution it is or belongs to, the platform default for the
   * platform. Absent, the caller's own. Anything but the caller's own is 404 unless they are platform
   * staff: it answers as if the department did not exist.
   */
  async function resolve(user: SettingsCaller, deptId: number | undefined, missing = '机构不存在'): Promise<SettingsLevel> {
    if (deptId === undefined) return own(user);
    const dept = await repo.dept(deptId);
    if (!dept) throw notFound(missing);
    const level = dept.kind === 'platform' ? null : ((await repo.institutionOf(deptId)) ?? null);
    if (platform(user)) return level;
    const mine = await own(user);
    if ((level?.id ?? null) !== (mine?.id ?? null)) throw notFound(missing);
    return level;
  }

  /** An institution's value by its own staff holding the permission; the platform default by platform staff holding it. */
  function editable(user: SettingsCaller, level: SettingsLevel, permission: Permission): boolean {
    if (!user.permissions.has(permission)) return false;
    return level === null ? platform(user) : scopeHas(user.scope, level.id);
  }

  return {
    own,
    resolve,
    editable,

    /** The level a change goes to, refused (403, with `refusal`) when the caller may not change it. */
    async writable(user: SettingsCaller, deptId: number | undefined, permission: Permission, refusal: string): Promise<SettingsLevel> {
      const level = await resolve(user, deptId);
      if (!editable(user, level, permission)) throw noPermission(refusal);
      return level;
    },

    /** The institutions the caller may pick from: every one for platform staff, their own otherwise. */
    async institutions(user: SettingsCaller): Promise<Institution[]> {
      if (platform(user)) return repo.allInstitutions();
      const mine = await own(user);
      return mine ? [mine] : [];
    },
  };
}

export type SettingsLevels = ReturnType<typeof createSettingsLevels>;
