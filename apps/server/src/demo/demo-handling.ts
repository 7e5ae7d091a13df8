import { Codes, WARNING_TYPES, type WarningTypeCode } from '@cvrisk/contracts';
import type { Db } from '../db/database.js';
import { createCustomerGradeRepository } from '../engine/customer-grade.repository.js';
import { AppError } from '../lib/errors.js';
import { scopeHas } from '../lib/scope.js';
import { createCountCache } from '../lib/count-cache.js';
import { createWarningDealRepository } from '../modules/warning/warning-deal.repository.js';
import { createWarningRepository } from '../modules/warning/warning.repository.js';
import { createWarningService, regradeWith } from '../modules/warning/warning.service.js';
import type { SessionUser } from '../modules/session/session-user.js';
import { noteAct, recordDemoSignIns, type FirstActs } from './demo-sign-ins.js';
import { demoSessionUsers } from './demo-users.js';
import { Rng } from './random.js';

const HOUR_MS = 3_600_000;

/** What the demo's operators wrote, per warning type: what staff who called the customer or went to look would say. */
const TEXTS: Record<WarningTypeCode, readonly string[]> = {
  [WARNING_TYPES.offline.code]: ['已电话联系客户，车辆在地下车库，信号恢复后已上线', '客户称车辆停放在偏远地区，已提醒注意，继续观察', '联系客户未接通，已短信提醒，明日再次跟进'],
  [WARNING_TYPES.powerCut.code]: ['客户更换电瓶导致断电，已核实，车辆正常', '维修厂保养断电，已与客户确认', '已通知经销商上门检查设备接线'],
  [WARNING_TYPES.removal.code]: ['已安排安装人员上门复检，设备松动已重新固定', '客户维修拆装中控台，已确认设备已装回', '联系客户核实中，已上报风控主管'],
  [WARNING_TYPES.riskPointStay.code]: ['已电话核实，客户在附近办事，车辆未抵押', '已派人到现场查看，车辆已离开二押点', '客户解释为朋友借车，已要求三日内归还并跟进'],
  [WARNING_TYPES.leftRegion.code]: ['客户出差外省，已报备，预计一周内返回', '客户回老家探亲，已核实身份与车辆', '已电话确认为客户本人驾驶'],
  [WARNING_TYPES.longStay.code]: ['客户出差，车辆停放在机场停车场', '车辆在维修厂维修，已与维修厂确认', '已联系客户，车辆正常停放在小区'],
  [WARNING_TYPES.separation.code]: ['无线设备电量耗尽，已通知客户充电后恢复', '已安排上门检查两台设备位置', '有线设备故障，已派单维修'],
  [WARNING_TYPES.fence.code]: ['客户临时外出，已核实，车辆已返回围栏内', '已电话提醒客户注意行驶范围', '经销商试驾路线，已确认'],
  [WARNING_TYPES.residenceChange.code]: ['客户搬家，已更新常驻地址', '客户工作调动，已核实新住址', '已联系客户，近期在外地工作'],
  [WARNING_TYPES.abnormalMove.code]: ['客户夜间送家人就医，已核实', '车辆被拖车移至维修厂，已确认', '已电话联系客户，系本人驾驶'],
  [WARNING_TYPES.lowBattery.code]: ['已提醒客户给设备充电', '已安排下次保养时更换设备电池', '客户已充电，电量恢复正常'],
};

/** The share of warnings the operators have handled, by how old they are: the last hours are still open. */
function handledShare(ageMs: number): number {
  if (ageMs < 6 * HOUR_MS) return 0;
  if (ageMs < 24 * HOUR_MS) return 0.3;
  if (ageMs < 72 * HOUR_MS) return 0.6;
  return 0.85;
}

type Handler = { user: SessionUser; weight: number };

/** The demo accounts that may handle warnings, weighted by how much of the handling they do. */
async function handlers(db: Db): Promise<Handler[]> {
  return (await demoSessionUsers(db))
    .filter((user) => user.permissions.has('warning:handle'))
    // Operators do most of the handling, dealers some of their own, the platform admin almost none.
    .map((user) => ({ user, weight: user.deptKind === 'platform' ? 0.05 : user.deptKind === 'dealer' ? 1 : 3 }));
}

function pickHandler(rng: Rng, all: Handler[], deptId: number): SessionUser | null {
  const able = all.filter((h) => scopeHas(h.user.scope, deptId));
  const total = able.reduce((s, h) => s + h.weight, 0);
  let r = rng.next() * total;
  for (const h of able) if ((r -= h.weight) <= 0) return h.user;
  return able.at(-1)?.user ?? null;
}

/**
 * The first start's handling history: the demo operators have handled most warnings older than a
 * few hours, some minutes and some hours after they came in, with what people in their job write —
 * through the product's own handling (the same checks, audit rows and customer regrading as 处理),
 * so the handled columns, the detail's handling card and the statistics have something to show.
 */
export async function handleDemoWarnings(db: Db, now: number, seed: number, onProgress: (done: number, total: number) => void): Promise<number> {
  const rng = new Rng(seed).fork('handling');
  const all = await handlers(db);
  const open = await db.selectFrom('warning').select(['id', 'dept_id', 'device_id', 'warning_type', 'warning_time']).where('deal_status', '=', 0).orderBy('id').execute();
  const chosen: { id: number; dept: number; type: WarningTypeCode; at: number; by: SessionUser }[] = [];
  for (const w of open) {
    if (!rng.chance(handledShare(now - w.warning_time))) continue;
    const by = pickHandler(rng, all, w.dept_id);
    // Between ten minutes and most of a working day later, and never in the future.
    // Whole milliseconds: times are integer columns (PostgreSQL refuses a fraction).
    const delay = Math.round(10 * 60_000 + Math.pow(rng.next(), 2) * 16 * HOUR_MS);
    if (by) chosen.push({ id: w.id, dept: w.dept_id, type: w.warning_type as WarningTypeCode, at: Math.min(w.warning_time + delay, now - 60_000), by });
  }
  chosen.sort((a, b) => a.at - b.at || a.id - b.id);

  let clock = now;
  const service = createWarningService({
    list: createWarningRepository(db),
    deal: createWarningDealRepository(db),
    counts: createCountCache(),
    regrade: regradeWith(createCustomerGradeRepository(db)),
    announce: () => {},
    now: () => clock,
  });
  let handled = 0;
  const acts: FirstActs = new Map();
  for (const [i, c] of chosen.entries()) {
    clock = c.at;
    const texts = TEXTS[c.type];
    try {
      // The demo's handlers act from this machine, as far as the audit log is concerned.
      const done = await service.treat(c.by, '127.0.0.1', { id: c.id, dealDescription: rng.pick(texts) });
      handled += done.count;
      noteAct(acts, c.by.id, c.at);
    } catch (err) {
      // Handled already (an earlier one of its device took it along): nothing to do. Anything else is a defect.
      if (!(err instanceof AppError && err.code === Codes.CONFLICT)) throw err;
    }
    if (i % 200 === 0 || i === chosen.length - 1) onProgress(i + 1, chosen.length);
  }
  // The operators signed in to do it (and on other days too): 最近登录 shows when.
  const oldest = chosen[0]?.at ?? now;
  await recordDemoSignIns(db, now, Math.min(30, Math.max(7, Math.ceil((now - oldest) / (24 * HOUR_MS)))), seed, acts);
  return handled;
}
