/** Words of the installer company's home: its own orders by state. */
export const homeRolesZh = {
  'home.installer.waiting': '待接单',
  'home.installer.working': '安装中',
  'home.installer.review': '待审核',
  'home.installer.abnormal': '安装异常',
  'home.installer.open': '去处理',
  'home.installer.view': '查看订单',
  'home.unit.order': '单',
} as const;

export const homeRolesEn: Record<keyof typeof homeRolesZh, string> = {
  'home.installer.waiting': 'To accept',
  'home.installer.working': 'In progress',
  'home.installer.review': 'Awaiting audit',
  'home.installer.abnormal': 'Abnormal',
  'home.installer.open': 'Open',
  'home.installer.view': 'View orders',
  'home.unit.order': '',
};
