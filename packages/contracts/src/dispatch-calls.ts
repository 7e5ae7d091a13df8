import { z } from 'zod';
import { defineCall } from './api/call.js';
import { pageOf } from './envelope.js';
import {
  AuditBody, CarSearchQuery, DispatchForm, InstallerCompany, OrderCar, OrderChange, OrderCounts, OrderDetail, OrderDevice,
  OrderDevicesBody, OrderFile, OrderFileQuery, OrderFilesQuery, OrderIdQuery, OrderItem, OrderListQuery, OrderPage,
  OrderUploadBody, ReDispatchBody, RevokeBody,
} from './dispatch.js';

const TAG = '派单';

/** Any file an order holds: an image or a PDF (its real type is in the Content-Type header). */
export const ORDER_FILE_REPLY = { file: 'application/octet-stream' } as const;

/**
 * The operator's side at the paths of console-spec §7 "Orders"; the installer company's side (accept,
 * upload, enter devices, mark installed) under /pd/installer/. Every change answers the order's new
 * state; a change the order's state does not allow answers 409 naming that state.
 */
export const DispatchCalls = {
  quickDispatch: defineCall({
    method: 'POST', path: '/pd/quickDispatch', summary: '快速派单：按表单创建订单（机构只有一家安装商时直接派给它）', tag: TAG,
    access: 'order:dispatch', body: DispatchForm, reply: OrderChange,
  }),
  list: defineCall({
    method: 'POST', path: '/pd/query/order/listDispatchOrders', summary: '派单列表，分页，附各状态数量', tag: TAG,
    access: 'order:dispatch', body: OrderListQuery, reply: OrderPage,
  }),
  abnormal: defineCall({
    method: 'POST', path: '/pd/getAbnormalInstallOrderList', summary: '安装异常订单（设备未上报或首次上报远离安装地址）', tag: TAG,
    access: 'order:dispatch', body: OrderListQuery, reply: pageOf(OrderItem),
  }),
  detail: defineCall({
    method: 'GET', path: '/pd/order/detail', summary: '订单详情：历史、设备、文件', tag: TAG,
    access: 'signedIn', query: OrderIdQuery, reply: OrderDetail,
  }),
  audit: defineCall({
    method: 'POST', path: '/pd/auditInstallOrder', summary: '审核安装：通过（已完成）或驳回（回到已接单，附原因）', tag: TAG,
    access: 'order:audit', body: AuditBody, reply: OrderChange,
  }),
  reDispatch: defineCall({
    method: 'POST', path: '/pd/reDispatch', summary: '派单或改派给机构的另一家安装商', tag: TAG,
    access: 'order:dispatch', body: ReDispatchBody, reply: OrderChange,
  }),
  revoke: defineCall({
    method: 'POST', path: '/pd/revokeInstallOrder', summary: '撤销订单（安装完成之前）', tag: TAG,
    access: 'order:dispatch', body: RevokeBody, reply: OrderChange,
  }),
  counts: defineCall({
    method: 'GET', path: '/pd/dispatch/report/countDispatchOrderForFK', summary: '首页：各状态订单数量', tag: TAG,
    access: 'order:dispatch', reply: OrderCounts,
  }),
  installers: defineCall({
    method: 'GET', path: '/pd/order/installers', summary: '可派给订单的安装商（订单所属机构的）', tag: TAG,
    access: 'order:dispatch', query: OrderIdQuery, reply: z.array(InstallerCompany),
  }),
  searchCars: defineCall({
    method: 'GET', path: '/pd/order/searchCars', summary: '按车架号查找范围内的车辆（填充品牌与车主）', tag: TAG,
    access: 'order:dispatch', query: CarSearchQuery, reply: z.array(OrderCar),
  }),
  files: defineCall({
    method: 'GET', path: '/api/riskOrder/getOrderFiles', summary: '订单的照片与文件', tag: TAG,
    access: 'signedIn', query: OrderFilesQuery, reply: z.array(OrderFile),
  }),
  fileContent: defineCall({
    method: 'GET', path: '/pd/order/file', summary: '订单文件的内容', tag: TAG,
    access: 'signedIn', query: OrderFileQuery, reply: ORDER_FILE_REPLY,
  }),
  mine: defineCall({
    method: 'POST', path: '/pd/installer/listOrders', summary: '安装商的订单，分页', tag: TAG,
    access: 'order:install', body: OrderListQuery, reply: OrderPage,
  }),
  accept: defineCall({
    method: 'POST', path: '/pd/installer/acceptOrder', summary: '安装商接单', tag: TAG,
    access: 'order:install', body: OrderIdQuery, reply: OrderChange,
  }),
  upload: defineCall({
    method: 'POST', path: '/pd/installer/uploadFile', summary: '上传安装照片或文件（图片、PDF，10MB以内）', tag: TAG,
    access: 'signedIn', body: OrderUploadBody, reply: OrderFile,
  }),
  setDevices: defineCall({
    method: 'POST', path: '/pd/installer/setDevices', summary: '登记安装的设备号（须为本机构库存、类型与安装产品相符）', tag: TAG,
    access: 'order:install', body: OrderDevicesBody, reply: z.array(OrderDevice),
  }),
  markInstalled: defineCall({
    method: 'POST', path: '/pd/installer/markInstalled', summary: '安装完成：设备绑定到车辆并上线，订单待审核', tag: TAG,
    access: 'order:install', body: OrderIdQuery, reply: OrderChange,
  }),
};
