import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage';

type View = {
  /** Where the page lives in the console's fixed route table (console-spec §2). */
  path: string;
  permissions?: readonly string[];
  page: LazyExoticComponent<ComponentType>;
};

/** The view keys `/menu/navigate` may name, each mapped to its page; unknown keys are dropped. */
export const views: Record<string, View> = {
  index: {
    path: '/index',
    page: lazyPage(() => import('../../features/home/HomePage'), 'HomePage'),
  },
  customerCars: {
    path: '/risk/customerCars',
    permissions: ['customer:view'],
    page: lazyPage(() => import('../../features/customerCars/CustomerCarListPage'), 'CustomerCarListPage'),
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
};

export const viewKeys: ReadonlySet<string> = new Set(Object.keys(views));
export const fixedRoutes = Object.values(views).map(({ path, permissions }) => ({ path, permissions }));
