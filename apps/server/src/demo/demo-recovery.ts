import type { CaseAction } from '@cvrisk/contracts';
import type { Db } from '../db/database.js';
import { createCaseAccess } from '../modules/recovery/case-access.js';
import { createCaseRepository } from '../modules/recovery/case.repository.js';
import { createCaseService } from '../modules/recovery/case.service.js';
import type { SessionUser } from '../modules/session/session-user.js';
import { cancelOpenControls } from '../modules/vehicle-control/control-sweep.js';
import { demoSessionUsers } from './demo-users.js';

const HOUR = 3_600_000;
const IP = '127.0.0.1';

type Step = { after: number; by: 'operator' | 'team'; action: CaseAction; reason: string };

/**
 * The demo's chases, one script per case, from the most overdue customers of each institution down:
 * hours after opening, who did what and why. One recovered, one found in the last day, one still being
 * located, one waiting for a team, one settled by the customer.
 */
const SCRIPTS: { openedHoursAgo: number; reason: string; steps: Step[] }[] = [
  { openedHoursAgo: 150, reason: '逾期超过60天，客户电话关机', steps: [
    { after: 2, by: 'operator', action: 'assign', reason: '委托追车公司处置' },
    { after: 20, by: 'team', action: 'locate', reason: '按常驻地排查' },
    { after: 50, by: 'team', action: 'found', reason: '在客户小区地下车库找到车辆' },
    { after: 74, by: 'team', action: 'recover', reason: '车辆已拖回指定停车场' },
  ] },
  { openedHoursAgo: 70, reason: '逾期45天，车辆频繁出入外省', steps: [
    { after: 1, by: 'operator', action: 'assign', reason: '委托追车公司处置' },
    { after: 5, by: 'team', action: 'locate', reason: '跟踪实时位置' },
    { after: 55, by: 'team', action: 'found', reason: '车辆停放在二手车市场，已安排人员看守' },
  ] },
  { openedHoursAgo: 40, reason: '逾期38天，客户失联', steps: [
    { after: 3, by: 'operator', action: 'assign', reason: '委托追车公司处置' },
    { after: 8, by: 'team', action: 'locate', reason: '按最近停留点排查' },
  ] },
  { openedHoursAgo: 10, reason: '逾期32天，多次催收无果', steps: [] },
  { openedHoursAgo: 190, reason: '逾期31天，客户拒接电话', steps: [
    { after: 30, by: 'operator', action: 'settle', reason: '客户已结清全部欠款' },
  ] },
];

/**
 * The demo's recovery cases, made through the product's own case service on a moving clock, so their
 * history, timers and audit entries are what the console makes. On the first demo start only.
 */
export async function seedDemoRecovery(db: Db, now: number): Promise<number> {
  const users = await demoSessionUsers(db);
  let clock = now;
  const service = createCaseService({
    db, repo: createCaseRepository(db), access: createCaseAccess(db), now: () => clock,
    onClose: cancelOpenControls,
  });
  let opened = 0;
  const institutions = await db.selectFrom('dept').select(['id']).where('kind', '=', 'finance').orderBy('id').execute();
  for (const finance of institutions) {
    const operator = users.find((u) => u.deptId === finance.id && u.permissions.has('recovery:manage') && !u.permissions.has('vehicle:control'));
    const team = await db.selectFrom('dept').select('id').where('kind', '=', 'recovery').where('parent_id', '=', finance.id).orderBy('id').executeTakeFirst();
    const agent = team && users.find((u) => u.deptId === team.id && u.permissions.has('recovery:field'));
    if (!operator || !team || !agent) continue;
    const overdue = await db.selectFrom('customer').innerJoin('loan', 'loan.customer_id', 'customer.id').innerJoin('dept', 'dept.id', 'customer.dept_id')
      .select(['customer.id']).select((eb) => eb.fn.max('loan.overdue_days').as('days'))
      .where('dept.parent_id', '=', finance.id).where('loan.overdue_days', '>=', 30)
      .where((eb) => eb.exists(eb.selectFrom('car').select('car.id').whereRef('car.customer_id', '=', 'customer.id')))
      .groupBy('customer.id').orderBy('days', 'desc').orderBy('customer.id').limit(SCRIPTS.length).execute();
    for (const [i, customer] of overdue.entries()) {
      const script = SCRIPTS[i]!;
      const start = now - script.openedHoursAgo * HOUR;
      clock = start;
      const id = await service.open(operator, IP, { customerId: customer.id, source: 'overdue', reason: script.reason });
      opened++;
      for (const step of script.steps) {
        clock = Math.min(start + step.after * HOUR, now - 60_000);
        const by: SessionUser = step.by === 'team' ? agent : operator;
        await service.change(by, IP, { id, action: step.action, reason: step.reason, ...(step.action === 'assign' ? { teamDeptId: team.id } : {}) });
      }
    }
  }
  return opened;
}
