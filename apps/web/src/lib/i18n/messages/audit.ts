/** The audit-log screen (系统管理 → 审计日志). Action names come from AUDIT_ACTIONS in the contracts. */
export const auditZh = {
  'audit.title': '审计日志',
  'audit.user': '用户',
  'audit.action': '操作',
  'audit.dept': '所属机构',
  'audit.time': '时间',
  'audit.account': '账号',
  'audit.realname': '姓名',
  'audit.ip': 'IP地址',
  'audit.target': '对象',
  'audit.detail': '详情',
};

export const auditEn: Record<keyof typeof auditZh, string> = {
  'audit.title': 'Audit log',
  'audit.user': 'User',
  'audit.action': 'Action',
  'audit.dept': 'Department',
  'audit.time': 'Time',
  'audit.account': 'Account',
  'audit.realname': 'Name',
  'audit.ip': 'IP address',
  'audit.target': 'Object',
  'audit.detail': 'Details',
};
