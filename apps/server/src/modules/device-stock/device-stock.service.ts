import {
  DEPT_KIND_LABELS,
  DEVICE_STOCK_LIMITS as L, formatTime,
  type DeviceKind, type PageResult, type StockCountQuery, type StockCounts, type StockImportBody, type StockImportProblem,
  type StockImportReport, type StockItem, type StockListQuery, type StockRetireBody, type StockRetireResult, type StockState,
  type StockTransferBody, type StockTransferResult,
} from '@cvrisk/contracts';
import { badInput, conflict, notFound } from '../../lib/errors.js';
import { scopeHas, type Scope } from '../../lib/scope.js';
import type { SheetReader } from '../../lib/sheet-reader.js';
import type { AuditedWrite } from '../audit/audited-write.js';
import type { SessionUser } from '../session/session-user.js';
import type { DeviceStockRepository, StockRow } from './device-stock.repository.js';
import { auditParts, byDept, fromCars } from './stock-audit.js';
import { checkRow, givenNumber, pastedRows, sheetRows, type SourceRow, type StockDevice } from './stock-rows.js';

export type DeviceStockDeps = {
  repo: DeviceStockRepository;
  write: AuditedWrite<DeviceStockRepository>;
  /** Devices created, moved or retired: every process that caches them must read them again. */
  devicesEdited: (numbers: string[]) => void;
  /** Closes a retired terminal's live connection, wherever it is held. */
  disconnect: (deviceNumber: string) => void;
  /** Reads uploaded sheets in worker threads, a few at a time. */
  sheets: SheetReader;
  /** How long an import or a transfer lets the devices register (JT808_REGISTER_WINDOW_HOURS). */
  registerWindowMs: number;
  now?: () => number;
};

const time = (ms: number | null) => (ms === null ? null : formatTime(ms));

function stateOf(r: StockRow): StockState {
  if (r.retired_at !== null) return 'retired';
  return r.car_id === null ? 'stock' : 'installed';
}

function toItem(r: StockRow): StockItem {
  return {
    id: r.id, deviceNumber: r.device_number, deviceKind: r.kind as DeviceKind, model: r.model, iccid: r.iccid, stockState: stateOf(r),
    deptId: r.dept_id, deptName: r.dept_name, financeName: r.dept_kind === 'finance' ? r.dept_name : r.dept_kind === 'dealer' ? (r.parent_name ?? '') : '',
    plateNumber: r.plate_number, installTime: time(r.install_time), createdAt: formatTime(r.created_at), heldByOrder: r.held_by,
    retiredAt: time(r.retired_at), retiredBy: r.retired_by, retireReason: r.retire_reason,
  };
}

/** "以下2台设备不能调拨：A 已报废；B 已安装在车辆浙A12345上" — the first few named, the rest counted. */
function refusedMessage(verb: string, refusals: string[]): string {
  const named = refusals.slice(0, L.maxNamedRefusals).join('；');
  const more = refusals.length > L.maxNamedRefusals ? `；等，共${refusals.length}台` : '';
  return `以下${refusals.length}台设备不能${verb}：${named}${more}`;
}

/**
 * 设备库存 (issue 18): import into a department's stock (every row checked, all stored or none),
 * transfer between departments while in stock, and retirement. Each change is written with its audit
 * entries in one transaction, then the device caches of every process forget the devices.
 */
export function createDeviceStockService(deps: DeviceStockDeps) {
  const { repo, write, devicesEdited, disconnect } = deps;
  const now = deps.now ?? Date.now;

  /**
   * A department that may hold stock: in the caller's scope (else absent, as elsewhere), a finance
   * institution or a dealer, and not disabled (nor under a disabled one).
   */
  async function stockDept(scope: Scope, deptId: number, verb: string) {
    const dept = scopeHas(scope, deptId) ? await repo.dept(deptId) : undefined;
    if (!dept) throw notFound('部门不存在');
    if (dept.kind === 'platform') throw badInput('参数错误：deptId 平台不持有设备库存，请选择金融机构或经销商');
    if (dept.kind === 'installer' || dept.kind === 'recovery') throw badInput(`参数错误：deptId ${DEPT_KIND_LABELS[dept.kind].zh}不持有设备库存，请选择金融机构或经销商`);
    const disabled = await repo.disabledAmong(dept.path.split('/').filter(Boolean).map(Number));
    if (disabled) throw badInput(`${disabled.name}已停用，不能${verb}设备`);
    return dept;
  }

  async function sourceRows(b: StockImportBody): Promise<SourceRow[]> {
    if (b.file) {
      // Decoded by the worker that reads it; its size is known from the text.
      if (Buffer.byteLength(b.file.content, 'base64') > L.maxFileBytes) throw badInput('文件不能超过2MB');
      return sheetRows({ base64: b.file.content }, deps.sheets);
    }
    return pastedRows(b.text ?? '');
  }

  /** Every row checked: its own fields, then duplicates within the list, then devices already filed. */
  async function check(scope: Scope, rows: SourceRow[], stock: DeviceStockRepository): Promise<{ devices: StockDevice[]; problems: StockImportProblem[] }> {
    const found = new Map<number, string[]>();
    const problem = (row: number, p: string) => found.set(row, [...(found.get(row) ?? []), p]);
    const devices: StockDevice[] = [];
    for (const r of rows) {
      const c = checkRow(r);
      if ('device' in c) devices.push(c.device);
      else c.problems.forEach((p) => problem(r.row, p));
    }
    const firstRowOf = new Map<string, number>();
    const firstRowOfIccid = new Map<string, number>();
    for (const d of devices) {
      const seen = firstRowOf.get(d.number);
      if (seen !== undefined) problem(d.row, `与第${seen}行设备号重复`);
      else firstRowOf.set(d.number, d.row);
      if (d.iccid === '') continue;
      const seenIccid = firstRowOfIccid.get(d.iccid);
      if (seenIccid !== undefined) problem(d.row, `ICCID 与第${seenIccid}行重复`);
      else firstRowOfIccid.set(d.iccid, d.row);
    }
    const rowsOf = (pick: (d: StockDevice) => string) => {
      const m = new Map<string, StockDevice[]>();
      for (const d of devices) m.set(pick(d), [...(m.get(pick(d)) ?? []), d]);
      return m;
    };
    const byNumber = rowsOf((d) => d.number);
    const byIccid = rowsOf((d) => d.iccid);
    // Another institution's device is not named: only that the number or card is taken.
    for (const e of await stock.existingNumbers([...firstRowOf.keys()])) {
      const where = scopeHas(scope, e.dept_id) ? `：${e.dept_name}${e.retired_at === null ? '' : '（已报废）'}` : '（属于其他机构）';
      for (const d of byNumber.get(e.device_number) ?? []) problem(d.row, `设备已存在${where}`);
    }
    for (const e of await stock.existingIccids([...firstRowOfIccid.keys()])) {
      const by = scopeHas(scope, e.dept_id) ? `设备${e.device_number}` : '其他机构的设备';
      for (const d of byIccid.get(e.iccid) ?? []) problem(d.row, `ICCID 已被${by}使用`);
    }
    const problems = rows.filter((r) => found.has(r.row)).map((r) => ({ row: r.row, deviceNumber: givenNumber(r), problem: found.get(r.row)!.join('；') }));
    return { devices, problems };
  }

  function report(dept: { id: number; name: string }, rows: SourceRow[], devices: StockDevice[], problems: StockImportProblem[], imported: number): StockImportReport {
    return {
      deptId: dept.id, deptName: dept.name, rows: rows.length,
      wired: devices.filter((d) => d.kind === 1).length, wireless: devices.filter((d) => d.kind === 2).length,
      imported, problemCount: problems.length, problems: problems.slice(0, L.maxReportedProblems),
    };
  }

  async function read(user: SessionUser, b: StockImportBody) {
    const dept = await stockDept(user.scope, b.deptId, '导入');
    const rows = await sourceRows(b);
    if (rows.length === 0) throw badInput(b.file ? '表格中没有设备' : '请粘贴设备清单，每行一台');
    return { dept, rows };
  }

  /** Selected devices of the caller's scope; any id outside it answers as absent. */
  async function selected(user: SessionUser, ids: number[]): Promise<StockRow[]> {
    const rows = await repo.inScope(user.scope, ids);
    if (rows.length !== ids.length) throw notFound('设备不存在');
    return rows;
  }

  const retiredAlready = (r: StockRow) => (r.retired_at === null ? null : `${r.device_number} 已于${formatTime(r.retired_at)}报废`);
  const heldByOrder = (r: StockRow) => (r.held_by === null ? null : `${r.device_number} 已登记在安装订单${r.held_by}上`);

  /** Why a selected device cannot leave stock (transfer), or null. */
  function notInStock(r: StockRow): string | null {
    return retiredAlready(r) ?? (r.car_id === null ? null : `${r.device_number} 已安装在车辆${r.plate_number ?? ''}上`) ?? heldByOrder(r);
  }

  return {
    async list(user: SessionUser, q: StockListQuery): Promise<PageResult<StockItem>> {
      const { rows, count } = await repo.page(user.scope, q);
      return { list: rows.map(toItem), count };
    },

    counts: (user: SessionUser, q: StockCountQuery): Promise<StockCounts> => repo.counts(user.scope, q),

    /** The report the import would give, storing nothing. */
    async check(user: SessionUser, b: StockImportBody): Promise<StockImportReport> {
      const { dept, rows } = await read(user, b);
      const { devices, problems } = await check(user.scope, rows, repo);
      return report(dept, rows, devices, problems, 0);
    },

    /**
     * Every row checked again inside the transaction that stores them, so a device filed meanwhile is
     * reported, not half-imported; with any bad row nothing is stored and the report says why.
     */
    async import(user: SessionUser, ip: string, b: StockImportBody): Promise<StockImportReport> {
      const { dept, rows } = await read(user, b);
      const { result, numbers } = await write(async (stock, audit) => {
        const { devices, problems } = await check(user.scope, rows, stock);
        if (problems.length > 0) return { result: report(dept, rows, devices, problems, 0), numbers: [] };
        const at = now();
        // Their terminals may register from now on, for a while: with the terminal id the list gave, if any.
        const window = { register_open_until: at + deps.registerWindowMs, register_opened_for: 'stock' as const };
        const stored = await stock.insert(devices.map((d) => ({ device_number: d.number, kind: d.kind, model: d.model, iccid: d.iccid, terminal_id: d.terminalId, dept_id: dept.id, created_at: at, ...window })));
        if (stored !== devices.length) throw conflict('有设备刚被其他操作登记，未导入任何设备，请重新校验');
        const r = report(dept, rows, devices, problems, stored);
        const detail = { deptId: dept.id, count: stored, wired: r.wired, wireless: r.wireless, source: b.file ? `表格 ${b.file.fileName}` : '粘贴清单' };
        await audit.record(user, ip, { action: 'device.import', target: dept.name, detail });
        return { result: r, numbers: devices.map((d) => d.number) };
      });
      // A terminal that tried before its import is remembered as unknown for a while: forget that too.
      if (numbers.length > 0) devicesEdited(numbers);
      return result;
    },

    /** Devices in stock to another finance institution or dealer of the caller's scope; all of them or none. */
    async transfer(user: SessionUser, ip: string, b: StockTransferBody): Promise<StockTransferResult> {
      const dept = await stockDept(user.scope, b.deptId, '调入');
      const rows = await selected(user, b.ids);
      const refusals = rows.map((r) => notInStock(r) ?? (r.dept_id === dept.id ? `${r.device_number} 已在${dept.name}` : null)).filter((x): x is string => x !== null);
      if (refusals.length > 0) throw conflict(refusedMessage('调拨', refusals));
      const devices = rows.map((r) => ({ number: r.device_number, dept: r.dept_name }));
      await write(async (stock, audit) => {
        if ((await stock.transfer(b.ids, dept.id)) !== rows.length) throw conflict('所选设备的状态刚刚变化，未调拨任何设备，请刷新后重试');
        // The receiving department fits them next: their terminals may register from now on.
        await stock.openRegistration(b.ids, 'transfer', now() + deps.registerWindowMs);
        for (const detail of auditParts(devices, (part) => ({ to: dept.name, toId: dept.id, count: rows.length, from: byDept(part) }))) {
          await audit.record(user, ip, { action: 'device.transfer', target: dept.name, detail });
        }
      });
      devicesEdited(devices.map((d) => d.number));
      return { transferred: rows.length, deptId: dept.id, deptName: dept.name };
    },

    /**
     * Retires devices: their history stays, the gateway refuses them from now on (their connections are
     * closed) and no order may fit them. An installed device comes off its car in the same transaction,
     * and the audit names the car; one on an accepted order stays with the order.
     */
    async retire(user: SessionUser, ip: string, b: StockRetireBody): Promise<StockRetireResult> {
      const rows = await selected(user, b.ids);
      const refusals = rows.map((r) => retiredAlready(r) ?? heldByOrder(r)).filter((x): x is string => x !== null);
      if (refusals.length > 0) throw conflict(refusedMessage('报废', refusals));
      const devices = rows.map((r) => ({ number: r.device_number, dept: r.dept_name, plate: r.car_id === null ? null : (r.plate_number ?? '') }));
      const installed = rows.filter((r) => r.car_id !== null).map((r) => r.id);
      const inStock = rows.filter((r) => r.car_id === null).map((r) => r.id);
      const by = { at: now(), username: user.username, reason: b.reason };
      await write(async (stock, audit) => {
        if ((await stock.retire(inStock, by, false)) + (await stock.retire(installed, by, true)) !== rows.length) {
          throw conflict('所选设备的状态刚刚变化，未报废任何设备，请刷新后重试');
        }
        for (const detail of auditParts(devices, (part) => ({ reason: b.reason, count: rows.length, devices: byDept(part), ...fromCars(part) }))) {
          const target = rows.length === 1 ? devices[0]!.number : `${devices[0]!.number} 等${rows.length}台`;
          await audit.record(user, ip, { action: 'device.retire', target, detail });
        }
      });
      const numbers = devices.map((d) => d.number);
      devicesEdited(numbers);
      numbers.forEach(disconnect);
      return { retired: rows.length, removedFromCars: installed.length };
    },
  };
}

export type DeviceStockService = ReturnType<typeof createDeviceStockService>;
