import type { CaseDetail, CaseItem, ControlRequestItem } from '@cvrisk/contracts';
import { caseSessionOf, controlOf } from './caseDetailFixtures';

/** A case as the server lists it, for the list's and the dialog's tests; each test changes what it is about. */
export function caseOf(change: Partial<CaseItem>): CaseItem {
  return {
    id: 31, caseNo: 'R20261129-000031', state: 'locating', source: 'overdue', reason: '逾期45天', customerId: 5, customerName: '王建华',
    cars: [{ carId: 7, plateNumber: '粤A12345', frameNumber: 'LFV2A21K8G3012345', brand: '奥迪' }],
    deptId: 4, deptName: '广州粤宝奥迪4S店', financeName: '安达融资租赁有限公司', teamDeptId: 9, teamName: '广州速追资产管理',
    overdueDays: 45, openedBy: '李明辉', openedAt: '2026-11-25 10:00:00', assignedAt: '2026-11-25 11:00:00', firstFoundAt: null, closedAt: null,
    openMinutes: 3 * 1440 + 200, minutesToFound: null, minutesToRecovered: null, updatedAt: '2026-11-25 11:00:00',
    ...change,
  };
}

/** What the server answers after opening a case: the new case and nothing on it yet. */
export function openedOf(item: CaseItem): CaseDetail {
  return {
    case: item, devices: [], places: [], stops: [], warnings: [], history: [], links: [], controls: [],
    actions: [], canLink: false, canRequestControl: false, readOnly: false,
  };
}

/** An immobilisation request the caller may decide. */
export const pendingOf = (change: Partial<ControlRequestItem>): ControlRequestItem => controlOf({ id: 41, caseId: 31, model: 'GT06', reason: '客户失联', requestedAt: '2026-11-29 08:30:00', canDecide: true, ...change });

export const listSessionOf = caseSessionOf;
