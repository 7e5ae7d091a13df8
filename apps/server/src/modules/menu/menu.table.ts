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
  {
    path: '/risk',
    component: 'Layout',
    redirect: '/risk/customerCars',
    meta: { title: '风险管理', titleEn: 'Risk management', icon: 'AlertOutlined' },
    children: [
      {
        path: 'customerCars',
        name: 'CustomerCars',
        component: 'customerCars',
        meta: { title: '客户车辆', titleEn: 'Customer cars', icon: 'CarOutlined', permissions: ['customer:view'] },
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
];
