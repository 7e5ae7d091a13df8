/** Figures an operator can reconcile (issue 31): offline moves, audit details, users and roles. */
export const figuresZh = {
  'figures.offlineMove': '离线期间位移',
  'figures.offlineMoveKm': '离线期间位移(公里)',
  'figures.monthOfflineMove': '本月离线期间位移',
  'figures.offlineMoveHint': '设备离线超过5分钟后在别处重新上报：直线距离，不计入里程',
  'figures.silentFor': '离线 {time}',
  'figures.straightLine': '直线',
  'figures.tripsAndMoves': '最近行程与离线期间位移',
  'figures.auditNoDetail': '无',
  'figures.roleNotForDept': '该角色不适用于所选机构类型',
  'figures.pickDeptFirst': '请先选择所属机构',
} as const;

export const figuresEn: Record<keyof typeof figuresZh, string> = {
  'figures.offlineMove': 'Move while offline',
  'figures.offlineMoveKm': 'Move while offline (km)',
  'figures.monthOfflineMove': 'Moves while offline this month',
  'figures.offlineMoveHint': 'The device was silent for more than 5 minutes and reappeared elsewhere: straight-line distance, not counted as mileage',
  'figures.silentFor': 'Offline {time}',
  'figures.straightLine': 'straight line',
  'figures.tripsAndMoves': 'Recent trips and moves while offline',
  'figures.auditNoDetail': 'None',
  'figures.roleNotForDept': 'This role does not fit the chosen department',
  'figures.pickDeptFirst': 'Choose the department first',
};
