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
] as const;
export type Permission = (typeof Permissions)[number];

export const RoleCodes = ['platformAdmin', 'financeManager', 'financeOperator', 'dealerStaff', 'installer'] as const;
export type RoleCode = (typeof RoleCodes)[number];

/** What each seeded role may do. Installers work their company's orders only. */
export const ROLE_PERMISSIONS: Record<RoleCode, readonly Permission[]> = {
  platformAdmin: Permissions,
  financeManager: Permissions.filter((p) => p !== 'user:admin'),
  financeOperator: [
    'monitor:view', 'warning:view', 'warning:handle', 'warning:export', 'customer:view', 'device:view',
    'device:export', 'device:command', 'fence:edit', 'riskPoint:edit', 'order:dispatch', 'order:audit', 'report:view', 'ubi:view',
  ],
  dealerStaff: ['monitor:view', 'warning:view', 'warning:handle', 'customer:view', 'device:view', 'device:export', 'report:view', 'order:dispatch'],
  installer: ['order:install'],
};
