/** Permission strings that roles bundle (server-behaviour §2). */
export const Permissions = [
  'monitor:view',
  'warning:view',
  'warning:handle',
  'warning:export',
  'customer:view',
  'customer:sensitive',
  // Loading loan data (a sheet or an integration's JSON) creates and changes customers and loans.
  'loan:import',
  'device:view',
  'device:export',
  'device:command',
  // Resetting a terminal's registration lets the next terminal to register with its number take it over.
  'device:reset',
  // Device stock (issue 18): importing terminals, moving them between departments and retiring them changes what
  // the gateway accepts and what installers may fit, so it is held apart from viewing devices.
  'device:stock',
  'fence:edit',
  'riskPoint:edit',
  'order:dispatch',
  // The installer company's side of an order: accept, upload, enter devices, mark installed.
  'order:install',
  'order:audit',
  'config:edit',
  'report:view',
  'ubi:view',
  'user:admin',
  // Reading who did what: the audit log of the caller's department subtree, and its export.
  'audit:view',
  // Recovery (issue 32): reading cases; opening, assigning and closing them; a recovery team's field
  // work on the cases assigned to it; field links that open without an account.
  'recovery:view',
  'recovery:manage',
  'recovery:field',
  'recovery:link',
  // Approving remote immobilisation and restore: the second person of the rule of two.
  'vehicle:control',
] as const;
export type Permission = (typeof Permissions)[number];

export const RoleCodes = ['platformAdmin', 'financeManager', 'financeOperator', 'dealerStaff', 'installer', 'recoveryAgent'] as const;
export type RoleCode = (typeof RoleCodes)[number];

/** What each seeded role may do. Installers work their company's orders only. */
export const ROLE_PERMISSIONS: Record<RoleCode, readonly Permission[]> = {
  platformAdmin: Permissions,
  financeManager: Permissions.filter((p) => p !== 'user:admin'),
  financeOperator: [
    'monitor:view', 'warning:view', 'warning:handle', 'warning:export', 'customer:view', 'device:view',
    'device:export', 'device:command', 'fence:edit', 'riskPoint:edit', 'order:dispatch', 'order:audit', 'report:view', 'ubi:view',
    'recovery:view', 'recovery:manage', 'recovery:link',
  ],
  dealerStaff: ['monitor:view', 'warning:view', 'warning:handle', 'customer:view', 'device:view', 'device:export', 'report:view', 'order:dispatch', 'recovery:view'],
  installer: ['order:install'],
  // A recovery company's staff work the cases assigned to their company, and hand field links to their people.
  recoveryAgent: ['recovery:view', 'recovery:field', 'recovery:link'],
};

/** The groups of the role editor's checkboxes, in the order the console shows them. */
export const PERMISSION_GROUPS = {
  risk: { zh: '风险预警', en: 'Risk warnings' },
  customer: { zh: '客户', en: 'Customers' },
  device: { zh: '设备与监控', en: 'Devices and monitoring' },
  map: { zh: '围栏与风险点', en: 'Fences and risk points' },
  order: { zh: '派单', en: 'Dispatch' },
  report: { zh: '报表', en: 'Reports' },
  recovery: { zh: '追车', en: 'Recovery' },
  system: { zh: '系统管理', en: 'Administration' },
} as const satisfies Record<string, { zh: string; en: string }>;
export type PermissionGroup = keyof typeof PERMISSION_GROUPS;

/** Every permission's label and group: one list, read by the server's checks and messages and by the console's role editor. */
export const PERMISSION_LABELS: Record<Permission, { zh: string; en: string; group: PermissionGroup }> = {
  'warning:view': { zh: '查看预警', en: 'View warnings', group: 'risk' },
  'warning:handle': { zh: '处理预警', en: 'Handle warnings', group: 'risk' },
  'warning:export': { zh: '导出预警', en: 'Export warnings', group: 'risk' },
  'config:edit': { zh: '修改预警阈值与推送', en: 'Edit thresholds and push', group: 'risk' },
  'customer:view': { zh: '查看客户', en: 'View customers', group: 'customer' },
  'customer:sensitive': { zh: '查看完整身份证号与手机号', en: 'See full ID and phone numbers', group: 'customer' },
  'loan:import': { zh: '导入贷款数据', en: 'Import loan data', group: 'customer' },
  'monitor:view': { zh: '车辆监控', en: 'Vehicle monitoring', group: 'device' },
  'device:view': { zh: '查看设备', en: 'View devices', group: 'device' },
  'device:export': { zh: '导出设备', en: 'Export devices', group: 'device' },
  'device:command': { zh: '下发设备指令', en: 'Send device commands', group: 'device' },
  'device:reset': { zh: '重置终端注册', en: 'Reset terminal registration', group: 'device' },
  'device:stock': { zh: '设备库存（导入、调拨、报废）', en: 'Device stock (import, transfer, retire)', group: 'device' },
  'fence:edit': { zh: '编辑围栏', en: 'Edit fences', group: 'map' },
  'riskPoint:edit': { zh: '编辑风险点', en: 'Edit risk points', group: 'map' },
  'order:dispatch': { zh: '派单', en: 'Dispatch orders', group: 'order' },
  'order:install': { zh: '安装作业（安装商）', en: 'Install jobs (installer)', group: 'order' },
  'order:audit': { zh: '审核安装单', en: 'Review install orders', group: 'order' },
  'report:view': { zh: '查看报表', en: 'View reports', group: 'report' },
  'ubi:view': { zh: '驾驶行为统计', en: 'Driving behaviour (UBI)', group: 'report' },
  'user:admin': { zh: '部门、用户、角色与接口密钥管理', en: 'Departments, users, roles and API keys', group: 'system' },
  'audit:view': { zh: '查看审计日志', en: 'View the audit log', group: 'system' },
  'recovery:view': { zh: '查看追车案件', en: 'View recovery cases', group: 'recovery' },
  'recovery:manage': { zh: '管理追车案件（新建、分配、结案）', en: 'Manage recovery cases (open, assign, close)', group: 'recovery' },
  'recovery:field': { zh: '追车作业（追车公司）', en: 'Recovery field work (recovery company)', group: 'recovery' },
  'recovery:link': { zh: '创建外勤链接', en: 'Create field links', group: 'recovery' },
  'vehicle:control': { zh: '审批断油断电', en: 'Approve immobilisation', group: 'recovery' },
};

/** The permission names in Chinese, joined for a message: "查看预警、处理预警". */
export const permissionNames = (permissions: readonly string[]): string =>
  permissions.map((p) => PERMISSION_LABELS[p as Permission]?.zh ?? p).join('、');
