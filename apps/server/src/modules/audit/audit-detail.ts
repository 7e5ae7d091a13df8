import { ALARM_TYPES, DEPT_KIND_LABELS, PERMISSION_LABELS, warningTypeName, type AuditDetailLine, type DeptKind } from '@cvrisk/contracts';

/** What an id in a recorded detail names, so the list can show the name instead. */
export type NamedKind = 'dept' | 'role' | 'user' | 'device' | 'warning';
export type Names = Record<NamedKind, Map<number, string>>;

/** Field names the writers use, in Chinese; an unknown one shows as recorded. */
const LABELS: Record<string, string> = {
  id: '编号', name: '名称', nameEn: '英文名称', realname: '姓名', phone: '手机号', username: '用户名',
  deptId: '机构', dept_id: '机构', deptName: '机构', dept_name: '机构', dept: '机构', toId: '调入机构', to: '调入机构', from: '调出',
  roleId: '角色', role_id: '角色', roleName: '角色', role_name: '角色', userId: '用户', user_id: '用户',
  deviceId: '设备', device_id: '设备', devices: '设备', ids: '预警', warningType: '预警类型', warningTypes: '预警类型', alarmType: '报警类型',
  kind: '类型', users: '涉及用户数', failures: '失败次数', passwordGenerated: '系统生成密码', keyHint: '密钥尾号', sessionId: '会话',
  browser: '浏览器', enabled: '启用', created: '新建', secretChanged: '修改了密钥', description: '处理说明', count: '数量', inApp: '站内推送',
  url: '推送地址', permissions: '权限', reason: '原因', source: '来源', wired: '有线', wireless: '无线', registeredAt: '注册时间',
  windowUntil: '注册窗口截止', demo: '演示数据', changes: '修改', parentId: '上级机构', parent_id: '上级机构', province: '省份', city: '城市',
  caseId: '案件', customerId: '客户', carIds: '车辆', teamDeptId: '追车公司', action: '操作', fromState: '原状态', toState: '新状态',
  linkId: '外勤链接', label: '使用人', hours: '有效时长(小时)', method: '方式', holdReason: '暂缓原因', sent: '已下发', model: '型号',
};

/** Threshold changes are recorded by their path in the institution's settings. */
const PATH_LABELS: Record<string, string> = {
  'offline.wiredHours': '有线设备离线时长(小时)', 'offline.wirelessHours': '无线设备离线时长(小时)', 'riskPoint.radiusM': '二押点半径(米)',
  'riskPoint.stayMinutes': '二押点停留时长(分钟)', 'region.scope': '出省预警范围', 'longStay.hours': '长时间停留时长(小时)',
  'separation.distanceKm': '设备分离距离(公里)', 'separation.freshHours': '设备分离定位时效(小时)', 'residence.distanceKm': '常驻地变更距离(公里)',
  'abnormalMove.distanceKm': '异动距离(公里)', 'abnormalMove.offlineHours': '异动离线时长(小时)', 'lowBattery.percent': '低电量阈值(%)',
};

/** Which ids each field names. */
const NAMED: Record<string, NamedKind> = {
  deptId: 'dept', dept_id: 'dept', toId: 'dept', parentId: 'dept', parent_id: 'dept',
  roleId: 'role', role_id: 'role', userId: 'user', user_id: 'user', deviceId: 'device', device_id: 'device', ids: 'warning', teamDeptId: 'dept',
};

/** Fields whose name a neighbouring field already gives (deptName beside deptId): the name is shown once, under the id's label. */
const NAME_OF: Record<string, string> = { deptName: 'deptId', dept_name: 'dept_id', roleName: 'roleId', role_name: 'role_id', dept: 'deptId', to: 'toId' };

export const parseDetail = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Every id a detail names, by kind, for one query per kind over a page. */
export function collectIds(detail: unknown, into: Record<NamedKind, Set<number>>, key = ''): void {
  if (Array.isArray(detail)) {
    for (const v of detail) collectIds(v, into, key);
    return;
  }
  if (detail !== null && typeof detail === 'object') {
    for (const [k, v] of Object.entries(detail)) {
      // A change keeps its field's key: { dept_id: { before: 3, after: 5 } }.
      collectIds(v, into, k === 'before' || k === 'after' ? key : k);
    }
    return;
  }
  const kind = NAMED[key];
  if (kind && typeof detail === 'number') into[kind].add(detail);
}

function leaf(key: string, v: unknown, names: Names): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? '是' : '否';
  const kind = NAMED[key];
  if (kind && typeof v === 'number') {
    const name = names[kind].get(v);
    if (kind === 'warning') return name ? `#${v} ${name}` : `#${v}`;
    return name ?? `#${v}`;
  }
  if (key === 'kind' && typeof v === 'string') return DEPT_KIND_LABELS[v as DeptKind]?.zh ?? v;
  if (key === 'alarmType' && typeof v === 'number') return ALARM_TYPES[v]?.zh ?? String(v);
  if ((key === 'warningType' || key === 'warningTypes') && typeof v === 'number') return warningTypeName(v);
  if (key === 'permissions' && typeof v === 'string') return PERMISSION_LABELS[v as keyof typeof PERMISSION_LABELS]?.zh ?? v;
  if (Array.isArray(v)) return v.length === 0 ? '—' : v.map((x) => leaf(key, x, names)).join('、');
  if (typeof v === 'object') return Object.entries(v).map(([k, x]) => `${LABELS[k] ?? k} ${leaf(k, x, names)}`).join('，');
  return String(v);
}

const labelOf = (path: string) => PATH_LABELS[path] ?? path.split('.').map((p) => LABELS[p] ?? p).join(' · ');

/**
 * A recorded detail as lines an operator reads: each field under its Chinese label, ids as the names
 * of what they are, changes as "before → after". Never the JSON itself.
 */
export function detailLines(detail: unknown, names: Names): AuditDetailLine[] {
  if (detail === null || detail === undefined) return [];
  if (typeof detail !== 'object' || Array.isArray(detail)) return [{ label: '详情', value: leaf('', detail, names) }];
  const d = detail as Record<string, unknown>;
  const lines: AuditDetailLine[] = [];
  for (const [key, v] of Object.entries(d)) {
    if (v === undefined) continue;
    const idKey = NAME_OF[key];
    if (idKey && idKey in d) continue;
    if (key === 'changes' && v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [path, change] of Object.entries(v as Record<string, { before?: unknown; after?: unknown }>)) {
        const field = path.split('.').at(-1)!;
        // A name changed with its id (deptName with deptId) is already said by the id's line.
        if (NAME_OF[field] && Object.keys(v).includes(NAME_OF[field])) continue;
        lines.push({ label: `修改 ${labelOf(path)}`, value: `${leaf(field, change?.before, names)} → ${leaf(field, change?.after, names)}` });
      }
      continue;
    }
    lines.push({ label: LABELS[key] ?? key, value: leaf(key, v, names) });
  }
  return lines;
}
