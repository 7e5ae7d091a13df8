/** The product's words (server-behaviour §12): one place, both languages. */
export type Label = { zh: string; en: string };

export const DeptKinds = ['platform', 'finance', 'dealer', 'installer', 'recovery'] as const;
export type DeptKind = (typeof DeptKinds)[number];
export const DEPT_KIND_LABELS: Record<DeptKind, Label> = {
  platform: { zh: '平台', en: 'Platform' },
  finance: { zh: '金融机构', en: 'Finance institution' },
  dealer: { zh: '经销商', en: 'Dealer' },
  installer: { zh: '安装商', en: 'Installer company' },
  recovery: { zh: '追车公司', en: 'Recovery company' },
};

/** 1 wired (有线): on the car's power, reports every few seconds while it drives; 2 wireless (无线): a battery tracker. */
export const DeviceKind = { wired: 1, wireless: 2 } as const;
export const DeviceKinds = [DeviceKind.wired, DeviceKind.wireless] as const;
export type DeviceKind = (typeof DeviceKinds)[number];
export const DEVICE_KIND_LABELS: Record<DeviceKind, Label> = {
  1: { zh: '有线', en: 'Wired' },
  2: { zh: '无线', en: 'Wireless' },
};

export const DeviceStates = ['moving', 'parked', 'offline', 'never'] as const;
export type DeviceState = (typeof DeviceStates)[number];
export const DEVICE_STATE_LABELS: Record<DeviceState, Label> = {
  moving: { zh: '行驶', en: 'Moving' },
  parked: { zh: '静止', en: 'Parked' },
  offline: { zh: '离线', en: 'Offline' },
  never: { zh: '未上线', en: 'Never online' },
};

export const LoanStatuses = ['normal', 'overdue', 'settled'] as const;
export type LoanStatus = (typeof LoanStatuses)[number];
export const LOAN_STATUS_LABELS: Record<LoanStatus, Label> = {
  normal: { zh: '正常', en: 'Normal' },
  overdue: { zh: '逾期', en: 'Overdue' },
  settled: { zh: '结清', en: 'Settled' },
};

export const CustomerGrades = ['high', 'potential', 'general'] as const;
export type CustomerGrade = (typeof CustomerGrades)[number];
export const CUSTOMER_GRADE_LABELS: Record<CustomerGrade, Label> = {
  high: { zh: '高风险', en: 'High risk' },
  potential: { zh: '潜在风险', en: 'Potential risk' },
  general: { zh: '一般客户', en: 'General customer' },
};

export const RiskPointCategories = ['mortgage', 'pawnshop', 'usedCar', 'dismantling', 'repair', 'other'] as const;
export type RiskPointCategory = (typeof RiskPointCategories)[number];
export const RISK_POINT_CATEGORY_LABELS: Record<RiskPointCategory, Label> = {
  mortgage: { zh: '二押点', en: 'Second-mortgage point' },
  pawnshop: { zh: '典当行', en: 'Pawnshop' },
  usedCar: { zh: '二手车市场', en: 'Used-car market' },
  dismantling: { zh: '拆车厂', en: 'Dismantling yard' },
  repair: { zh: '修理厂', en: 'Repair shop' },
  other: { zh: '其他', en: 'Other' },
};

/** Risk level: 1 high, 2 medium, 3 low; tag colours as §12 says. */
export const RISK_LEVEL_LABELS: Record<1 | 2 | 3, Label & { color: string }> = {
  1: { zh: '高', en: 'High', color: 'red' },
  2: { zh: '中', en: 'Medium', color: 'orange' },
  3: { zh: '低', en: 'Low', color: 'blue' },
};

export const FenceAlarmOns = ['in', 'out', 'both'] as const;
export type FenceAlarmOn = (typeof FenceAlarmOns)[number];
/** When a fence raises 围栏预警: as a bound car enters, leaves, or either. */
export const FENCE_ALARM_ON_LABELS: Record<FenceAlarmOn, Label> = {
  in: { zh: '进入', en: 'Enter' },
  out: { zh: '离开', en: 'Leave' },
  both: { zh: '进出', en: 'Enter or leave' },
};

export const FenceShapes = ['circle', 'polygon'] as const;
export type FenceShape = (typeof FenceShapes)[number];
export const FENCE_SHAPE_LABELS: Record<FenceShape, Label> = {
  circle: { zh: '圆形', en: 'Circle' },
  polygon: { zh: '多边形', en: 'Polygon' },
};
