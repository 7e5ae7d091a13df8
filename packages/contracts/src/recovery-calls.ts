import { z } from 'zod';
import { defineCall, XLSX_FILE } from './api/call.js';
import {
  CaseChange, CaseDetail, CaseId, CaseListQuery, CaseOpen, CasePage, FieldLinkCreate, FieldLinkCreated, FieldLinkId,
  FieldLinkItem, FieldLinkOpen, FieldView, FieldViewQuery, RecoverySummary, RecoveryTeam, RecoveryTeamsQuery,
} from './recovery.js';
import { ControlDecision, ControlRequestCreate, ControlRequestId, ControlRequestItem } from './vehicle-control.js';

const TAG = '追车管理';

/**
 * 追车管理 (issue 32). Reading needs `recovery:view` (a dealer's staff read their own customers' cases);
 * opening, assigning and closing `recovery:manage`; a recovery team's users (`recovery:field`) see only
 * the cases assigned to their company and take the field steps. Every change answers the case afresh;
 * one the case's state does not allow answers 409 naming the state.
 */
export const RecoveryCalls = {
  list: defineCall({
    method: 'POST', path: '/api/recovery/case/list', summary: '追车案件列表，分页，附各状态数量', tag: TAG,
    access: 'recovery:view', body: CaseListQuery, reply: CasePage,
  }),
  export: defineCall({
    method: 'POST', path: '/api/recovery/case/export', summary: '按相同条件导出追车案件', tag: TAG,
    access: 'recovery:view', body: CaseListQuery, reply: XLSX_FILE,
  }),
  detail: defineCall({
    method: 'GET', path: '/api/recovery/case/detail', summary: '案件详情：车辆位置与油电状态、常驻地、最近停留、预警、历史、链接与断油断电', tag: TAG,
    access: 'recovery:view', query: CaseId, reply: CaseDetail,
  }),
  open: defineCall({
    method: 'POST', path: '/api/recovery/case/open', summary: '为客户新建追车案件（可同时分配追车公司）', tag: TAG,
    access: 'recovery:manage', body: CaseOpen, reply: CaseDetail,
  }),
  change: defineCall({
    method: 'POST', path: '/api/recovery/case/change', summary: '案件状态变更：分配、定位、找到、收车、结清、关闭、重新打开（须填原因）', tag: TAG,
    access: 'recovery:view', body: CaseChange, reply: CaseDetail,
  }),
  teams: defineCall({
    method: 'GET', path: '/api/recovery/teams', summary: '可分配的追车公司（案件所属机构下的）', tag: TAG,
    access: 'recovery:manage', query: RecoveryTeamsQuery, reply: z.array(RecoveryTeam),
  }),
  summary: defineCall({
    method: 'GET', path: '/api/recovery/summary', summary: '首页与数据看板：进行中案件、24小时内找到、本月收车、待我审批', tag: TAG,
    access: 'recovery:view', reply: RecoverySummary,
  }),
  linkCreate: defineCall({
    method: 'POST', path: '/api/recovery/link/create', summary: '为外勤人员创建免登录链接（默认24小时，最长72小时；地址只在创建时显示）', tag: TAG,
    access: 'recovery:link', body: FieldLinkCreate, reply: FieldLinkCreated,
  }),
  linkRevoke: defineCall({
    method: 'POST', path: '/api/recovery/link/revoke', summary: '立即撤销外勤链接', tag: TAG,
    access: 'recovery:link', body: FieldLinkId, reply: FieldLinkItem,
  }),
  linkOpens: defineCall({
    method: 'GET', path: '/api/recovery/link/opens', summary: '案件各外勤链接的打开记录（时间、地址、浏览器）', tag: TAG,
    access: 'recovery:view', query: CaseId, reply: z.array(FieldLinkOpen),
  }),
  controlRequest: defineCall({
    method: 'POST', path: '/api/recovery/control/request', summary: '申请断油断电或恢复油电（须另一位有车辆控制权限的同机构用户批准）', tag: TAG,
    access: 'recovery:view', body: ControlRequestCreate, reply: ControlRequestItem,
  }),
  controlDecide: defineCall({
    method: 'POST', path: '/api/recovery/control/decide', summary: '批准或拒绝断油断电申请（申请人不能审批自己的申请）', tag: TAG,
    access: 'vehicle:control', body: ControlDecision, reply: ControlRequestItem,
  }),
  controlCancel: defineCall({
    method: 'POST', path: '/api/recovery/control/cancel', summary: '申请人撤回尚未下发的申请', tag: TAG,
    access: 'recovery:view', body: ControlRequestId, reply: ControlRequestItem,
  }),
  controlPending: defineCall({
    method: 'GET', path: '/api/recovery/control/pending', summary: '等待我审批的断油断电申请', tag: TAG,
    access: 'vehicle:control', reply: z.array(ControlRequestItem),
  }),
};

/** The field page's calls: no account, the link's token is the only key (rate limited, audited). */
export const FieldCalls = {
  view: defineCall({
    method: 'POST', path: '/api/field/view', summary: '外勤链接：车辆当前位置与最近停留（无需登录；过期、撤销或结案后不可用）', tag: TAG,
    access: 'public', body: FieldViewQuery, reply: FieldView,
  }),
};
