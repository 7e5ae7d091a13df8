import type { CaseDetail, ControlRequestItem, Permission, UserInfo } from '@cvrisk/contracts';
import type { Menu } from '../../app/router/menu';
import type { Session } from '../../app/session/SessionContext';

/** A case page's reply, locating, with one car and one mapped device; each test overrides what it is about. */
export function caseDetailOf(over: Partial<CaseDetail> = {}): CaseDetail {
  return {
    case: {
      id: 12, caseNo: 'R20261129-000012', state: 'locating', source: 'overdue', reason: '逾期95天，联系不上客户',
      customerId: 3, customerName: '王建国', cars: [{ carId: 5, plateNumber: '浙A12345', frameNumber: 'LSVAU2180N2000001', brand: '大众' }],
      deptId: 4, deptName: '杭州东站店', financeName: '杭州金融', teamDeptId: 9, teamName: '速达追车', overdueDays: 95,
      openedBy: '李明辉', openedAt: '2026-11-20 09:00:00', assignedAt: '2026-11-20 10:00:00', firstFoundAt: null, closedAt: null,
      openMinutes: 3 * 24 * 60 + 125, minutesToFound: null, minutesToRecovered: null, updatedAt: '2026-11-22 10:00:00',
    },
    devices: [{
      deviceNumber: '865253061441142', model: 'GT06N', method: 'terminalControl', unmappedReason: null, relay: 'normal',
      reportedAt: '2026-11-29 08:00:00', speed: 0, carId: 5, kind: 1, online: true, lng: 120.16, lat: 30.27, address: '杭州市西湖区文三路',
    }],
    places: [{ carId: 5, kind: 'home', lng: 120.1, lat: 30.3, address: '杭州市拱墅区' }],
    stops: [],
    warnings: [{ id: 77, typeName: '逾期预警', time: '2026-11-21 08:00:00', plateNumber: '浙A12345', handled: false }],
    history: [{ at: '2026-11-20 09:00:00', by: '李明辉', action: 'open', actionName: '新建案件', fromState: null, toState: 'unassigned', reason: '逾期95天' }],
    links: [],
    controls: [],
    actions: ['assign', 'found', 'recover'],
    canLink: false,
    canRequestControl: false,
    readOnly: false,
    ...over,
  };
}

export function controlOf(over: Partial<ControlRequestItem> = {}): ControlRequestItem {
  return {
    id: 31, caseId: 12, deviceNumber: '865253061441142', model: 'GT06N', method: 'terminalControl', action: 'cut', state: 'pending',
    reason: '客户失联，车辆在外地', requestedBy: '张敏', requestedAt: '2026-11-29 08:10:00', decidedBy: null, decidedAt: null, decisionNote: null,
    sentAt: null, answeredAt: null, answer: null, holdReason: null, canDecide: false, canCancel: false,
    ...over,
  };
}

export function caseSessionOf(permissions: Permission[]): Session {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 2, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return { user, menu };
}
