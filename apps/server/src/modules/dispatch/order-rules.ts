import { ORDER_STATE_LABELS, OrderState, type OrderAction } from '@cvrisk/contracts';
import { conflict } from '../../lib/errors.js';

const { pending, dispatched, accepted, installed, completed, abnormal, revoked } = OrderState;

/**
 * The states each action starts from (server-behaviour §10). Revoking works until the order is
 * installed; an audit takes an installed order, or one the server found abnormal (the operator
 * checked it); files may be added while the order is still being worked or audited.
 */
export const FROM_STATES: Record<Exclude<OrderAction, 'create'>, readonly number[]> = {
  dispatch: [pending],
  redispatch: [dispatched, accepted],
  accept: [dispatched],
  upload: [pending, dispatched, accepted, installed, abnormal],
  devices: [accepted],
  install: [accepted],
  abnormal: [installed],
  pass: [installed, abnormal],
  reject: [installed, abnormal],
  revoke: [pending, dispatched, accepted],
};

/** Where each state-changing action leads. */
export const TO_STATE: Partial<Record<OrderAction, number>> = {
  create: pending, dispatch: dispatched, redispatch: dispatched, accept: accepted, install: installed,
  abnormal, pass: completed, reject: accepted, revoke: revoked,
};

const VERB: Record<Exclude<OrderAction, 'create'>, string> = {
  dispatch: '派单', redispatch: '改派', accept: '接单', upload: '上传文件', devices: '登记设备', install: '标记安装完成',
  abnormal: '标记异常', pass: '审核', reject: '审核', revoke: '撤销',
};

export const stateName = (state: number) => ORDER_STATE_LABELS[state as OrderState]?.zh ?? String(state);

/** 409 naming the order's state when the action may not start from it. */
export function assertCan(action: Exclude<OrderAction, 'create'>, state: number): void {
  if (!FROM_STATES[action].includes(state)) throw conflict(`订单当前状态为“${stateName(state)}”，不能${VERB[action]}`);
}
