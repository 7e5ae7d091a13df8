import type { OrderItem, Permission, UserInfo } from '@cvrisk/contracts';
import type { Menu, PageRoute } from '../../app/router/menu';
import type { Session } from '../../app/session/SessionContext';

/** An order as the server lists it, for the screens' tests; each test changes what it is about. */
export function orderOf(change: Partial<OrderItem>): OrderItem {
  return {
    id: 101, orderType: 1, deviceSource: 1, state: 1, realName: '张师傅', phone: '13800138000', carOwnerName: '王建华',
    reserveTime: '2026-11-25 09:30:00', brandName: '奥迪', carFrameNumber: 'LFV2A21K8G3012345', plateNumber: '粤A12345',
    carId: 7, installProductId: 3, productName: '一有线一无线', address: '广州市天河区体育西路100号', lng: 113.32, lat: 23.13,
    deptId: 4, deptName: '广州粤宝奥迪4S店', financeName: '安达融资租赁有限公司', installerDeptId: null, installerName: null,
    reason: null, abnormalReason: null, createdByName: '李明辉', createdAt: '2026-11-24 10:00:00', installedAt: null, updatedAt: '2026-11-24 10:00:00',
    ...change,
  };
}

export function sessionOf(permissions: Permission[], pages: PageRoute[] = []): Session {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 2, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages, denied: new Set() };
  return { user, menu };
}
