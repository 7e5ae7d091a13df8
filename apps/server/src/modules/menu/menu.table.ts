import type { RouteItem } from '@cvrisk/contracts';

/**
 * The console's menu (console-spec §2), holding only screens that work today; each later issue
 * adds its screens here. `component` is the view key the console maps to a page.
 */
export const MENU: RouteItem[] = [
  {
    path: '/',
    component: 'Layout',
    redirect: '/index',
    meta: { title: '首页', titleEn: 'Home', icon: 'HomeOutlined' },
    children: [
      { path: 'index', name: 'Index', component: 'index', meta: { title: '首页', titleEn: 'Home', icon: 'HomeOutlined', affix: true } },
    ],
  },
  // console-spec §2: the data board, shown full-screen without the shell, to anyone signed in.
  { path: '/dashboard', name: 'Dashboard', component: 'dashboard', hidden: true, meta: { title: '数据大屏', titleEn: 'Data board', icon: 'DashboardOutlined' } },
  {
    path: '/monitor',
    component: 'Layout',
    redirect: '/monitor/onlineMonitoring',
    meta: { title: '车辆监控', titleEn: 'Vehicle monitoring', icon: 'MonitorOutlined' },
    children: [
      {
        path: 'onlineMonitoring',
        name: 'OnlineMonitoring',
        component: 'onlineMonitoring',
        meta: { title: '在线监控', titleEn: 'Live map', icon: 'MonitorOutlined', permissions: ['monitor:view'], noKeepAlive: true },
      },
      {
        path: 'fenceManagement',
        name: 'FenceManagement',
        component: 'fenceManagement',
        meta: { title: '电子围栏', titleEn: 'Fences', icon: 'SafetyCertificateOutlined', permissions: ['monitor:view'] },
      },
      {
        path: 'riskPoint',
        name: 'RiskPoint',
        component: 'riskPoint',
        meta: { title: '风险点', titleEn: 'Risk points', icon: 'WarningOutlined', permissions: ['monitor:view'] },
      },
      {
        path: 'realtimeTracking',
        name: 'RealtimeTracking',
        component: 'realtimeTracking',
        hidden: true,
        meta: { title: '实时跟踪', titleEn: 'Live tracking', icon: 'AimOutlined', permissions: ['monitor:view'] },
      },
      {
        path: 'trackPlayback',
        name: 'TrackPlayback',
        component: 'trackPlayback',
        hidden: true,
        meta: { title: '轨迹回放', titleEn: 'Track playback', icon: 'NodeIndexOutlined', permissions: ['monitor:view'] },
      },
      {
        path: 'wirelessTrack',
        name: 'WirelessTrack',
        component: 'wirelessTrack',
        hidden: true,
        meta: { title: '无线轨迹', titleEn: 'Wireless track', icon: 'NodeIndexOutlined', permissions: ['monitor:view'] },
      },
    ],
  },
  {
    path: '/risk',
    component: 'Layout',
    redirect: '/risk/riskWarning',
    meta: { title: '风险管理', titleEn: 'Risk management', icon: 'AlertOutlined' },
    children: [
      {
        path: 'riskWarning',
        name: 'RiskWarning',
        component: 'riskWarning',
        meta: { title: '风险预警', titleEn: 'Risk warnings', icon: 'WarningOutlined', permissions: ['warning:view'] },
      },
      {
        path: 'deviceAlarm',
        name: 'DeviceAlarm',
        component: 'deviceAlarm',
        meta: { title: '设备报警', titleEn: 'Device alarms', icon: 'BellOutlined', permissions: ['warning:view'] },
      },
      {
        path: 'customerList',
        name: 'CustomerList',
        component: 'customerList',
        meta: { title: '风险客户', titleEn: 'Risk customers', icon: 'TeamOutlined', permissions: ['customer:view'] },
      },
      {
        path: 'loanFraud',
        name: 'LoanFraud',
        component: 'loanFraud',
        meta: { title: '骗贷客户', titleEn: 'Loan-fraud customers', icon: 'StopOutlined', permissions: ['customer:view'] },
      },
      {
        path: 'overdueCustomer',
        name: 'OverdueCustomer',
        component: 'overdueCustomer',
        meta: { title: '逾期客户', titleEn: 'Overdue customers', icon: 'FieldTimeOutlined', permissions: ['customer:view'] },
      },
      {
        path: 'customerCars',
        name: 'CustomerCars',
        component: 'customerCars',
        meta: { title: '客户车辆', titleEn: 'Customer cars', icon: 'CarOutlined', permissions: ['customer:view'] },
      },
      {
        path: 'warningPushConfig',
        name: 'WarningPushConfig',
        component: 'warningPushConfig',
        meta: { title: '预警推送配置', titleEn: 'Warning push settings', icon: 'BellOutlined', permissions: ['warning:view'] },
      },
      {
        path: 'notPushList',
        name: 'NotPushList',
        component: 'notPushList',
        meta: { title: '不推送设备', titleEn: 'Do-not-push devices', icon: 'BellOutlined', permissions: ['warning:view'] },
      },
      {
        path: 'whiteList',
        name: 'WhiteList',
        component: 'whiteList',
        meta: { title: '预警客户白名单', titleEn: 'Warning whitelist', icon: 'SolutionOutlined', permissions: ['warning:view'] },
      },
      {
        path: 'userPortrait',
        name: 'UserPortrait',
        component: 'userPortrait',
        hidden: true,
        meta: { title: '用户画像', titleEn: 'Customer portrait', icon: 'IdcardOutlined', permissions: ['customer:view'], noKeepAlive: true },
      },
      {
        path: 'warningDetail',
        name: 'WarningDetail',
        component: 'warningDetail',
        hidden: true,
        meta: { title: '预警详情', titleEn: 'Warning detail', icon: 'FileSearchOutlined', permissions: ['warning:view'], noKeepAlive: true },
      },
    ],
  },
  {
    path: '/riskConfig',
    component: 'Layout',
    redirect: '/riskConfig/riskWarningConfig',
    meta: { title: '风控配置', titleEn: 'Risk configuration', icon: 'SettingOutlined' },
    children: [
      {
        path: 'riskWarningConfig',
        name: 'RiskWarningConfig',
        component: 'riskWarningConfig',
        meta: { title: '预警配置', titleEn: 'Warning thresholds', icon: 'ToolOutlined', permissions: ['config:edit'] },
      },
      {
        path: 'dealersMultiDimensionalStatistics',
        name: 'DealersMultiDimensionalStatistics',
        component: 'dealersMultiDimensionalStatistics',
        meta: { title: '经销商多维统计', titleEn: 'Warnings by dealer', icon: 'ShopOutlined', permissions: ['report:view'] },
      },
      {
        path: 'installerMultiDimensionalStatistics',
        name: 'InstallerMultiDimensionalStatistics',
        component: 'installerMultiDimensionalStatistics',
        meta: { title: '安装商多维统计', titleEn: 'Warnings by installer', icon: 'ToolOutlined', permissions: ['report:view'] },
      },
    ],
  },
  {
    path: '/report',
    component: 'Layout',
    redirect: '/report/basicDevice',
    meta: { title: '报表中心', titleEn: 'Reports', icon: 'BarChartOutlined' },
    children: [
      {
        path: 'parkingReport',
        name: 'ParkingReport',
        component: 'parkingReport',
        meta: { title: '停车报表', titleEn: 'Stops', icon: 'CarOutlined', permissions: ['report:view'] },
      },
      {
        path: 'weekParkingReport',
        name: 'WeekParkingReport',
        component: 'weekParkingReport',
        meta: { title: '周停车报表', titleEn: 'Weekly stops', icon: 'CalendarOutlined', permissions: ['report:view'] },
      },
      {
        path: 'timesParkingReport',
        name: 'TimesParkingReport',
        component: 'timesParkingReport',
        meta: { title: '时段停车报表', titleEn: 'Stops by time of day', icon: 'FieldTimeOutlined', permissions: ['report:view'] },
      },
      {
        path: 'mileageReport',
        name: 'MileageReport',
        component: 'mileageReport',
        meta: { title: '里程报表', titleEn: 'Mileage', icon: 'LineChartOutlined', permissions: ['report:view'] },
      },
      {
        path: 'driveBehavior',
        name: 'DriveBehavior',
        component: 'driveBehavior',
        meta: { title: '驾驶行为报表', titleEn: 'Driving behaviour', icon: 'DashboardOutlined', permissions: ['report:view'] },
      },
      {
        path: 'deviceManagement',
        name: 'DeviceManagement',
        component: 'deviceManagement',
        meta: { title: '设备最新位置', titleEn: 'Device positions', icon: 'EnvironmentOutlined', permissions: ['device:view'] },
      },
      {
        path: 'basicDevice',
        name: 'BasicDevice',
        component: 'basicDevice',
        meta: { title: '设备基础信息', titleEn: 'Device list', icon: 'HddOutlined', permissions: ['device:view'] },
      },
    ],
  },
  {
    path: '/ubi',
    component: 'Layout',
    redirect: '/ubi/carMileage',
    meta: { title: 'UBI统计', titleEn: 'UBI statistics', icon: 'FundOutlined' },
    children: [
      {
        path: 'carMileage',
        name: 'CarMileage',
        component: 'carMileage',
        meta: { title: '车辆里程', titleEn: 'Car mileage', icon: 'LineChartOutlined', permissions: ['ubi:view'] },
      },
      {
        path: 'ignition',
        name: 'Ignition',
        component: 'ignition',
        meta: { title: '点火统计', titleEn: 'Ignition', icon: 'ThunderboltOutlined', permissions: ['ubi:view'] },
      },
      {
        path: 'travelStatistics',
        name: 'TravelStatistics',
        component: 'travelStatistics',
        meta: { title: '出行统计', titleEn: 'Trips', icon: 'NodeIndexOutlined', permissions: ['ubi:view'] },
      },
      {
        path: 'drivingBehavior',
        name: 'DrivingBehavior',
        component: 'drivingBehavior',
        meta: { title: '驾驶行为统计', titleEn: 'Driving behaviour (UBI)', icon: 'SafetyCertificateOutlined', permissions: ['ubi:view'] },
      },
    ],
  },
  {
    path: '/dispatchOrder',
    component: 'Layout',
    redirect: '/dispatchOrder/dispatchOrder',
    meta: { title: '派单管理', titleEn: 'Dispatch', icon: 'ScheduleOutlined' },
    children: [
      {
        path: 'dispatchOrder',
        name: 'DispatchOrder',
        component: 'dispatchOrder',
        meta: { title: '派单管理', titleEn: 'Dispatch orders', icon: 'ScheduleOutlined', permissions: ['order:dispatch'] },
      },
      {
        path: 'installerOrders',
        name: 'InstallerOrders',
        component: 'installerOrders',
        meta: { title: '我的安装单', titleEn: 'My install jobs', icon: 'ToolOutlined', permissions: ['order:install'] },
      },
    ],
  },
  // Issue 32: recovery. The list serves the institution, the dealer (read only) and the recovery company (its own cases).
  {
    path: '/recovery',
    component: 'Layout',
    redirect: '/recovery/recoveryCases',
    meta: { title: '追车管理', titleEn: 'Recovery', icon: 'AimOutlined' },
    children: [
      {
        path: 'recoveryCases',
        name: 'RecoveryCases',
        component: 'recoveryCases',
        meta: { title: '追车管理', titleEn: 'Recovery cases', icon: 'AimOutlined', permissions: ['recovery:view'] },
      },
      {
        path: 'recoveryCase',
        name: 'RecoveryCase',
        component: 'recoveryCase',
        hidden: true,
        meta: { title: '案件详情', titleEn: 'Recovery case', icon: 'FileSearchOutlined', permissions: ['recovery:view'], noKeepAlive: true },
      },
    ],
  },
  {
    path: '/onlineCheck',
    component: 'Layout',
    redirect: '/onlineCheck/onlineCheck',
    meta: { title: '在线抽查', titleEn: 'Online spot check', icon: 'WifiOutlined' },
    children: [
      {
        path: 'onlineCheck',
        name: 'OnlineCheck',
        component: 'onlineCheck',
        meta: { title: '在线抽查', titleEn: 'Online spot check', icon: 'WifiOutlined', permissions: ['device:view'] },
      },
    ],
  },
  // Issue 18: administration. Each screen adds itself here once it works; an empty group is not shown.
  {
    path: '/system',
    component: 'Layout',
    meta: { title: '系统管理', titleEn: 'Administration', icon: 'SettingOutlined' },
    children: [
      {
        path: 'deptManagement',
        name: 'DeptManagement',
        component: 'deptManagement',
        meta: { title: '部门管理', titleEn: 'Departments', icon: 'ApartmentOutlined', permissions: ['user:admin'] },
      },
      {
        path: 'userManagement',
        name: 'UserManagement',
        component: 'userManagement',
        meta: { title: '用户管理', titleEn: 'Users', icon: 'UserOutlined', permissions: ['user:admin'] },
      },
      {
        path: 'roleManagement',
        name: 'RoleManagement',
        component: 'roleManagement',
        meta: { title: '角色管理', titleEn: 'Roles', icon: 'TeamOutlined', permissions: ['user:admin'] },
      },
      {
        path: 'deviceStock',
        name: 'DeviceStock',
        component: 'deviceStock',
        meta: { title: '设备库存', titleEn: 'Device stock', icon: 'DatabaseOutlined', permissions: ['device:stock'] },
      },
      {
        path: 'integrationKeys',
        name: 'IntegrationKeys',
        component: 'integrationKeys',
        meta: { title: '接口密钥', titleEn: 'API keys', icon: 'KeyOutlined', permissions: ['user:admin'] },
      },
      {
        path: 'alarmMapping',
        name: 'AlarmMapping',
        component: 'alarmMapping',
        meta: { title: '设备报警映射', titleEn: 'Alarm mapping', icon: 'BellOutlined', permissions: ['user:admin'] },
      },
      {
        path: 'controlMapping',
        name: 'ControlMapping',
        component: 'controlMapping',
        meta: { title: '断油断电指令映射', titleEn: 'Immobilisation mapping', icon: 'PoweroffOutlined', permissions: ['user:admin'] },
      },
      {
        path: 'auditLog',
        name: 'AuditLog',
        component: 'auditLog',
        meta: { title: '审计日志', titleEn: 'Audit log', icon: 'AuditOutlined', permissions: ['audit:view'] },
      },
    ],
  },
];
