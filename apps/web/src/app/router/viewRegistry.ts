import type { ComponentType, LazyExoticComponent } from 'react';
import type { Permission } from '@cvrisk/contracts';
import { lazyPage } from './lazyPage';

type View = {
  /** Where the page lives in the console's fixed route table (console-spec §2). */
  path: string;
  /** From the contracts' one list, so a misspelt permission does not compile. */
  permissions?: readonly Permission[];
  page: LazyExoticComponent<ComponentType>;
};

/** The view keys `/menu/navigate` may name, each mapped to its page; unknown keys are dropped. */
export const views: Record<string, View> = {
  index: {
    path: '/index',
    page: lazyPage(() => import('../../features/home/HomePage'), 'HomePage'),
  },
  dashboard: {
    path: '/dashboard',
    page: lazyPage(() => import('../../features/dashboard/DashboardPage'), 'DashboardPage'),
  },
  riskWarning: {
    path: '/risk/riskWarning',
    permissions: ['warning:view'],
    page: lazyPage(() => import('../../features/warnings/RiskWarningListPage'), 'RiskWarningListPage'),
  },
  customerList: {
    path: '/risk/customerList',
    permissions: ['customer:view'],
    page: lazyPage(() => import('../../features/customers/CustomerListPage'), 'CustomerListPage'),
  },
  loanFraud: {
    path: '/risk/loanFraud',
    permissions: ['customer:view'],
    page: lazyPage(() => import('../../features/loanFraud/LoanFraudPage'), 'LoanFraudPage'),
  },
  overdueCustomer: {
    path: '/risk/overdueCustomer',
    permissions: ['customer:view'],
    page: lazyPage(() => import('../../features/overdueCustomers/OverdueCustomerPage'), 'OverdueCustomerPage'),
  },
  userPortrait: {
    path: '/risk/userPortrait',
    permissions: ['customer:view'],
    page: lazyPage(() => import('../../features/userPortrait/UserPortraitPage'), 'UserPortraitPage'),
  },
  customerCars: {
    path: '/risk/customerCars',
    permissions: ['customer:view'],
    page: lazyPage(() => import('../../features/customerCars/CustomerCarListPage'), 'CustomerCarListPage'),
  },
  warningPushConfig: {
    path: '/risk/warningPushConfig',
    permissions: ['warning:view'],
    page: lazyPage(() => import('../../features/warningPushConfig/WarningPushConfigPage'), 'WarningPushConfigPage'),
  },
  notPushList: {
    path: '/risk/notPushList',
    permissions: ['warning:view'],
    page: lazyPage(() => import('../../features/notPushList/NotPushListPage'), 'NotPushListPage'),
  },
  warningDetail: {
    path: '/risk/warningDetail',
    permissions: ['warning:view'],
    page: lazyPage(() => import('../../features/warningDetail/WarningDetailPage'), 'WarningDetailPage'),
  },
  parkingReport: {
    path: '/report/parkingReport',
    permissions: ['report:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'ParkingReportPage'),
  },
  weekParkingReport: {
    path: '/report/weekParkingReport',
    permissions: ['report:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'WeekParkingReportPage'),
  },
  timesParkingReport: {
    path: '/report/timesParkingReport',
    permissions: ['report:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'TimesParkingReportPage'),
  },
  mileageReport: {
    path: '/report/mileageReport',
    permissions: ['report:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'MileageReportPage'),
  },
  driveBehavior: {
    path: '/report/driveBehavior',
    permissions: ['report:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'DriveBehaviorReportPage'),
  },
  carMileage: {
    path: '/ubi/carMileage',
    permissions: ['ubi:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'CarMileagePage'),
  },
  ignition: {
    path: '/ubi/ignition',
    permissions: ['ubi:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'IgnitionPage'),
  },
  travelStatistics: {
    path: '/ubi/travelStatistics',
    permissions: ['ubi:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'TravelStatisticsPage'),
  },
  drivingBehavior: {
    path: '/ubi/drivingBehavior',
    permissions: ['ubi:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'UbiDrivingBehaviorPage'),
  },
  dealersMultiDimensionalStatistics: {
    path: '/riskConfig/dealersMultiDimensionalStatistics',
    permissions: ['report:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'DealerStatisticsPage'),
  },
  installerMultiDimensionalStatistics: {
    path: '/riskConfig/installerMultiDimensionalStatistics',
    permissions: ['report:view'],
    page: lazyPage(() => import('../../features/reports/ReportPages'), 'InstallerStatisticsPage'),
  },
  deviceManagement: {
    path: '/report/deviceManagement',
    permissions: ['device:view'],
    page: lazyPage(() => import('../../features/devicePositions/DevicePositionListPage'), 'DevicePositionListPage'),
  },
  basicDevice: {
    path: '/report/basicDevice',
    permissions: ['device:view'],
    page: lazyPage(() => import('../../features/devices/DeviceListPage'), 'DeviceListPage'),
  },
  onlineMonitoring: {
    path: '/monitor/onlineMonitoring',
    permissions: ['monitor:view'],
    page: lazyPage(() => import('../../features/monitoring/OnlineMonitoringPage'), 'OnlineMonitoringPage'),
  },
  fenceManagement: {
    path: '/monitor/fenceManagement',
    permissions: ['monitor:view'],
    page: lazyPage(() => import('../../features/fences/FenceManagementPage'), 'FenceManagementPage'),
  },
  riskPoint: {
    path: '/monitor/riskPoint',
    permissions: ['monitor:view'],
    page: lazyPage(() => import('../../features/riskPoints/RiskPointPage'), 'RiskPointPage'),
  },
  realtimeTracking: {
    path: '/monitor/realtimeTracking',
    permissions: ['monitor:view'],
    page: lazyPage(() => import('../../features/monitoring/RealtimeTrackingPage'), 'RealtimeTrackingPage'),
  },
  trackPlayback: {
    path: '/monitor/trackPlayback',
    permissions: ['monitor:view'],
    page: lazyPage(() => import('../../features/track/TrackPlaybackPage'), 'TrackPlaybackPage'),
  },
  wirelessTrack: {
    path: '/monitor/wirelessTrack',
    permissions: ['monitor:view'],
    page: lazyPage(() => import('../../features/track/WirelessTrackPage'), 'WirelessTrackPage'),
  },
  deviceAlarm: {
    path: '/risk/deviceAlarm',
    permissions: ['warning:view'],
    page: lazyPage(() => import('../../features/deviceAlarm/DeviceAlarmListPage'), 'DeviceAlarmListPage'),
  },
  whiteList: {
    path: '/risk/whiteList',
    permissions: ['warning:view'],
    page: lazyPage(() => import('../../features/whiteList/WhiteListPage'), 'WhiteListPage'),
  },
  riskWarningConfig: {
    path: '/riskConfig/riskWarningConfig',
    permissions: ['config:edit'],
    page: lazyPage(() => import('../../features/riskWarningConfig/RiskWarningConfigPage'), 'RiskWarningConfigPage'),
  },
  dispatchOrder: {
    path: '/dispatchOrder/dispatchOrder',
    permissions: ['order:dispatch'],
    page: lazyPage(() => import('../../features/dispatch/DispatchOrderPage'), 'DispatchOrderPage'),
  },
  installerOrders: {
    path: '/dispatchOrder/installerOrders',
    permissions: ['order:install'],
    page: lazyPage(() => import('../../features/dispatch/InstallerOrdersPage'), 'InstallerOrdersPage'),
  },
  recoveryCases: {
    path: '/recovery/recoveryCases',
    permissions: ['recovery:view'],
    page: lazyPage(() => import('../../features/recovery/RecoveryCasesPage'), 'RecoveryCasesPage'),
  },
  recoveryCase: {
    path: '/recovery/recoveryCase',
    permissions: ['recovery:view'],
    page: lazyPage(() => import('../../features/recovery/RecoveryCasePage'), 'RecoveryCasePage'),
  },
  onlineCheck: {
    path: '/onlineCheck/onlineCheck',
    permissions: ['device:view'],
    page: lazyPage(() => import('../../features/onlineCheck/OnlineCheckPage'), 'OnlineCheckPage'),
  },
  deptManagement: {
    path: '/system/deptManagement',
    permissions: ['user:admin'],
    page: lazyPage(() => import('../../features/deptManagement/DeptManagementPage'), 'DeptManagementPage'),
  },
  userManagement: {
    path: '/system/userManagement',
    permissions: ['user:admin'],
    page: lazyPage(() => import('../../features/users/UserManagementPage'), 'UserManagementPage'),
  },
  roleManagement: {
    path: '/system/roleManagement',
    permissions: ['user:admin'],
    page: lazyPage(() => import('../../features/roles/RoleManagementPage'), 'RoleManagementPage'),
  },
  deviceStock: {
    path: '/system/deviceStock',
    permissions: ['device:stock'],
    page: lazyPage(() => import('../../features/deviceStock/DeviceStockPage'), 'DeviceStockPage'),
  },
  integrationKeys: {
    path: '/system/integrationKeys',
    permissions: ['user:admin'],
    page: lazyPage(() => import('../../features/integrationKeys/IntegrationKeysPage'), 'IntegrationKeysPage'),
  },
  alarmMapping: {
    path: '/system/alarmMapping',
    permissions: ['user:admin'],
    page: lazyPage(() => import('../../features/alarmMapping/AlarmMappingPage'), 'AlarmMappingPage'),
  },
  controlMapping: {
    path: '/system/controlMapping',
    permissions: ['user:admin'],
    page: lazyPage(() => import('../../features/controlMapping/ControlMappingPage'), 'ControlMappingPage'),
  },
  auditLog: {
    path: '/system/auditLog',
    permissions: ['audit:view'],
    page: lazyPage(() => import('../../features/auditLog/AuditLogPage'), 'AuditLogPage'),
  },
};

export const viewKeys: ReadonlySet<string> = new Set(Object.keys(views));
export const fixedRoutes = Object.values(views).map(({ path, permissions }) => ({ path, permissions }));
