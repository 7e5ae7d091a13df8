import { ROLE_PERMISSIONS, RoleCodes, type RoleCode } from '@cvrisk/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export const ROLE_NAMES: Record<RoleCode, { zh: string; en: string }> = {
  platformAdmin: { zh: '平台管理员', en: 'Platform admin' },
  financeManager: { zh: '金融风控经理', en: 'Finance risk manager' },
  financeOperator: { zh: '金融风控专员', en: 'Finance risk operator' },
  dealerStaff: { zh: '经销商员工', en: 'Dealer staff' },
  installer: { zh: '安装师傅', en: 'Installer' },
  recoveryAgent: { zh: '追车专员', en: 'Recovery agent' },
};

/**
 * The built-in roles, owned by the platform department: shared with every institution, which may
 * build its own beside them. The same on a first start without the demo and in the demo dataset.
 */
export async function insertBuiltInRoles(trx: Kysely<DB>, platformDeptId: number): Promise<Map<RoleCode, number>> {
  const roles = await trx
    .insertInto('role')
    .values(RoleCodes.map((code) => ({
      code,
      name: ROLE_NAMES[code].zh,
      name_en: ROLE_NAMES[code].en,
      permissions: JSON.stringify(ROLE_PERMISSIONS[code]),
      dept_id: platformDeptId,
    })))
    .returning(['id', 'code'])
    .execute();
  return new Map(roles.map((r) => [r.code as RoleCode, r.id]));
}
