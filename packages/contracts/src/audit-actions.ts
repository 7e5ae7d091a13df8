/**
 * Every action the audit log records (issue 18), with its label in both languages. Writers name the
 * action by its key; the audit screen filters and shows by it.
 */
export const AUDIT_ACTIONS = {
  'session.login': { zh: '登录', en: 'Signed in' },
  'session.loginFailed': { zh: '登录失败', en: 'Sign-in failed' },
  'session.logout': { zh: '退出登录', en: 'Signed out' },
  'account.changePassword': { zh: '修改密码', en: 'Changed password' },
  'account.endSession': { zh: '结束会话', en: 'Ended a session' },
  'warning.handle': { zh: '处理预警', en: 'Handled a warning' },
  'riskConfig.save': { zh: '修改预警阈值', en: 'Changed warning thresholds' },
  'riskConfig.reset': { zh: '恢复默认阈值', en: 'Reset warning thresholds' },
  'push.save': { zh: '保存推送配置', en: 'Saved a push setting' },
  'push.enable': { zh: '启用/停用推送', en: 'Enabled/disabled a push' },
  'push.delete': { zh: '删除推送配置', en: 'Deleted a push setting' },
  'push.inApp': { zh: '修改站内推送', en: 'Changed in-app push' },
  'warning.notPush': { zh: '设为不推送', en: 'Excluded from push' },
  'warning.allowPush': { zh: '恢复推送', en: 'Restored push' },
  'handlingPhrases.save': { zh: '修改处理常用语', en: 'Changed handling phrases' },
  'handlingPhrases.reset': { zh: '处理常用语恢复平台默认', en: 'Reset handling phrases to the platform default' },
  'device.resetRegistration': { zh: '重置终端注册', en: 'Reset a terminal registration' },
  'device.import': { zh: '导入设备', en: 'Imported devices' },
  'device.transfer': { zh: '调拨设备', en: 'Transferred devices' },
  'device.retire': { zh: '报废设备', en: 'Retired devices' },
  'integration.create': { zh: '创建接口密钥', en: 'Created an API key' },
  'integration.revoke': { zh: '吊销接口密钥', en: 'Revoked an API key' },
  'integration.keyRejected': { zh: '接口密钥错误', en: 'Wrong API key' },
  'dept.create': { zh: '新建部门', en: 'Created a department' },
  'dept.update': { zh: '修改部门', en: 'Changed a department' },
  'dept.move': { zh: '移动部门', en: 'Moved a department' },
  'dept.disable': { zh: '停用部门', en: 'Disabled a department' },
  'dept.enable': { zh: '启用部门', en: 'Enabled a department' },
  'user.create': { zh: '新建用户', en: 'Created a user' },
  'user.update': { zh: '修改用户', en: 'Changed a user' },
  'user.disable': { zh: '停用用户', en: 'Disabled a user' },
  'user.enable': { zh: '启用用户', en: 'Enabled a user' },
  'user.unlock': { zh: '解锁用户', en: 'Unlocked a user' },
  'user.resetPassword': { zh: '重置用户密码', en: 'Reset a user\'s password' },
  'role.create': { zh: '新建角色', en: 'Created a role' },
  'role.update': { zh: '修改角色', en: 'Changed a role' },
  'role.delete': { zh: '删除角色', en: 'Deleted a role' },
  'alarmMapping.save': { zh: '修改设备报警映射', en: 'Changed an alarm mapping' },
  'alarmMapping.delete': { zh: '删除设备报警映射', en: 'Deleted an alarm mapping' },
  export: { zh: '导出', en: 'Exported' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AuditActionKeys = Object.keys(AUDIT_ACTIONS) as AuditAction[];
