import type { RouteItem } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { buildMenu, hasAnyPermission, joinPath, resolvePath } from './menu';

const routes: RouteItem[] = [
  {
    path: '/',
    component: 'Layout',
    redirect: '/index',
    meta: { title: '首页', titleEn: 'Home', icon: 'HomeOutlined' },
    children: [{ path: 'index', name: 'Index', component: 'index', meta: { title: '首页', titleEn: 'Home', affix: true } }],
  },
  {
    path: '/risk',
    component: 'Layout',
    redirect: '/risk/customerCars',
    meta: { title: '风险管理', titleEn: 'Risk management' },
    children: [
      { path: 'customerCars', name: 'CustomerCars', component: 'customerCars', meta: { title: '客户车辆', titleEn: 'Customer cars', permissions: ['customer:view'] } },
      { path: 'riskWarning', name: 'RiskWarning', component: 'riskWarning', meta: { title: '风险预警', titleEn: 'Risk warnings', permissions: ['warning:view'] } },
    ],
  },
  {
    path: '/report',
    component: 'Layout',
    redirect: '/report/basicDevice',
    meta: { title: '报表中心', titleEn: 'Reports', permissions: ['report:view', 'device:view'] },
    children: [
      { path: 'basicDevice', name: 'BasicDevice', component: 'basicDevice', meta: { title: '设备基础信息', titleEn: 'Device list', permissions: ['device:view'] } },
      { path: 'secret', name: 'Secret', component: 'basicDevice', hidden: true, meta: { title: '隐藏', titleEn: 'Hidden' } },
    ],
  },
];
const views = new Set(['index', 'customerCars', 'basicDevice']);

describe('permission filtering', () => {
  it('keeps a route when the user holds any listed permission, or when none is listed', () => {
    expect(hasAnyPermission(undefined, [])).toBe(true);
    expect(hasAnyPermission([], [])).toBe(true);
    expect(hasAnyPermission(['a', 'b'], ['b'])).toBe(true);
    expect(hasAnyPermission(['a'], ['b'])).toBe(false);
  });

  it('builds full paths and drops views the console does not have', () => {
    const menu = buildMenu(routes, ['customer:view', 'warning:view', 'device:view'], views);
    expect(menu.pages.map((p) => p.path)).toEqual(['/index', '/risk/customerCars', '/report/basicDevice', '/report/secret']);
    expect(menu.nodes.find((n) => n.path === '/risk')!.children.map((c) => c.path)).toEqual(['/risk/customerCars']);
    expect(menu.pages[0]!.affix).toBe(true);
    expect(menu.pages[2]!.parents).toEqual([{ path: '/report', title: { zh: '报表中心', en: 'Reports' } }]);
  });

  it('drops denied routes, remembers them, and removes groups left empty', () => {
    const menu = buildMenu(routes, ['report:view'], views);
    expect(menu.nodes.map((n) => n.path)).toEqual(['/', '/report']);
    expect(menu.denied).toEqual(new Set(['/risk/customerCars', '/risk/riskWarning', '/report/basicDevice']));

    const installer = buildMenu(routes, ['order:dispatch'], views);
    expect(installer.nodes.map((n) => n.path)).toEqual(['/']);
    expect(installer.denied.has('/report/basicDevice')).toBe(true);
  });

  it('joins paths', () => {
    expect(joinPath('/', 'index')).toBe('/index');
    expect(joinPath('/risk', 'customerCars')).toBe('/risk/customerCars');
    expect(joinPath('/risk', '/abs')).toBe('/abs');
  });
});

describe('resolvePath', () => {
  const fixed = [
    { path: '/risk/customerCars', permissions: ['customer:view'] },
    { path: '/report/basicDevice', permissions: ['device:view'] },
  ];

  it('opens pages in the menu and redirects groups to their first allowed page', () => {
    const perms = ['device:view'];
    const menu = buildMenu(routes, perms, views);
    expect(resolvePath(menu, '/report/basicDevice/', fixed, perms)).toMatchObject({ kind: 'page', page: { view: 'basicDevice' } });
    expect(resolvePath(menu, '/report', fixed, perms)).toEqual({ kind: 'redirect', to: '/report/basicDevice' });
    expect(resolvePath(menu, '/', fixed, perms)).toEqual({ kind: 'redirect', to: '/index' });
  });

  it('answers 401 for known pages without permission and 404 for the rest', () => {
    const perms = ['order:dispatch'];
    const menu = buildMenu(routes.slice(0, 1), perms, views);
    expect(resolvePath(menu, '/risk/customerCars', fixed, perms)).toEqual({ kind: 'forbidden' });
    expect(resolvePath(menu, '/nowhere', fixed, perms)).toEqual({ kind: 'notFound' });
    const denied = buildMenu(routes, perms, views);
    expect(resolvePath(denied, '/risk/riskWarning', fixed, perms)).toEqual({ kind: 'forbidden' });
  });

  it('a permitted page the server left out of the menu is not found', () => {
    const perms = ['customer:view'];
    expect(resolvePath(buildMenu(routes.slice(0, 1), perms, views), '/risk/customerCars', fixed, perms)).toEqual({ kind: 'notFound' });
  });
});
