/** Words of the shell: top bar, quick search, greeting, sign-in and register pages, common ranges. */
export const shellZh = {
  'range.today': '今天',
  'range.yesterday': '昨天',
  'range.last3Days': '近3天',
  'range.last7Days': '近7天',
  'range.thisMonth': '本月',
  'range.lastMonth': '上月',
  'common.noAccess': '无权查看',
  'common.noAccessHint': '该记录不存在，或不在您所属部门的数据范围内。如需查看，请联系管理员调整权限。',
};

export const shellEn: Record<keyof typeof shellZh, string> = {
  'range.today': 'Today',
  'range.yesterday': 'Yesterday',
  'range.last3Days': 'Last 3 days',
  'range.last7Days': 'Last 7 days',
  'range.thisMonth': 'This month',
  'range.lastMonth': 'Last month',
  'common.noAccess': 'Not available to you',
  'common.noAccessHint': 'This record does not exist or is outside your department’s data. Ask an administrator if you need it.',
};
