import { z } from 'zod';
import { defineCall } from './api/call.js';
import { id } from './fields.js';
import { DeptKinds } from './labels.js';

const TAG = '部门管理';

/** Kinds an administrator creates; the platform root exists once and is never created. */
export const CreatableDeptKinds = ['finance', 'dealer', 'installer', 'recovery'] as const;
export type CreatableDeptKind = (typeof CreatableDeptKinds)[number];

/** Which kind of department may hold which (server-behaviour §1): institutions under the platform, dealers, installers and recovery companies under an institution. */
export const DEPT_PARENT_KIND: Record<CreatableDeptKind, (typeof DeptKinds)[number]> = {
  finance: 'platform',
  dealer: 'finance',
  installer: 'finance',
  recovery: 'finance',
};

export const DEPT_NAME_MAX = 50;
export const DEPT_PLACE_MAX = 30;

/** The messages the console shows as the user types, the same the server answers. */
export const DEPT_MESSAGES = {
  nameRequired: '请输入部门名称',
  nameLong: `部门名称最多${DEPT_NAME_MAX}个字符`,
  placeLong: `最多${DEPT_PLACE_MAX}个字符`,
  kind: '请选择部门类型（金融机构、经销商、安装商或追车公司）',
} as const;

const DeptName = z.string().trim().min(1, DEPT_MESSAGES.nameRequired).max(DEPT_NAME_MAX, DEPT_MESSAGES.nameLong);
/** Province or city; empty means not given. */
const Place = z
  .string()
  .trim()
  .max(DEPT_PLACE_MAX, DEPT_MESSAGES.placeLong)
  .nullish()
  .transform((v) => (v ? v : null));

export const DeptCreate = z.object({
  parentId: id(),
  kind: z.enum(CreatableDeptKinds, DEPT_MESSAGES.kind),
  name: DeptName,
  province: Place,
  city: Place,
});
export type DeptCreate = z.input<typeof DeptCreate>;

export const DeptUpdate = z.object({ id: id(), name: DeptName, province: Place, city: Place });
export type DeptUpdate = z.input<typeof DeptUpdate>;

export const DeptMove = z.object({ id: id(), parentId: id() });
export type DeptMove = z.infer<typeof DeptMove>;

export const DeptId = z.object({ id: id() });
export type DeptId = z.infer<typeof DeptId>;

export const DeptAdminListQuery = z.object({});

/** One department of the caller's subtree as the 部门管理 screen shows it; the list is flat, parents before children. */
export const DeptAdminItem = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  kind: z.enum(DeptKinds),
  name: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  /** Users and devices of this department itself. */
  userCount: z.number(),
  deviceCount: z.number(),
  /** This department was disabled (its own state). */
  disabled: z.boolean(),
  /** A department above it is disabled: its users cannot sign in either. */
  disabledAbove: z.boolean(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DeptAdminItem = z.infer<typeof DeptAdminItem>;

/** 部门管理 (issue 18): the caller's department subtree, and its changes, each audited. */
export const DeptAdminCalls = {
  list: defineCall({
    method: 'POST',
    path: '/api/system/dept/list',
    summary: '本人部门及其下级部门（平铺，上级在前），含用户数、设备数与启停状态',
    tag: TAG,
    access: 'user:admin',
    body: DeptAdminListQuery,
    reply: z.array(DeptAdminItem),
  }),
  create: defineCall({
    method: 'POST',
    path: '/api/system/dept/create',
    summary: '新建下级部门：金融机构建在平台下，经销商与安装商建在金融机构下；同级名称不可重复',
    tag: TAG,
    access: 'user:admin',
    body: DeptCreate,
    reply: DeptAdminItem,
  }),
  update: defineCall({
    method: 'POST',
    path: '/api/system/dept/update',
    summary: '修改部门名称与省市',
    tag: TAG,
    access: 'user:admin',
    body: DeptUpdate,
    reply: DeptAdminItem,
  }),
  move: defineCall({
    method: 'POST',
    path: '/api/system/dept/move',
    summary: '把部门（连同其下级与数据）移到另一个上级部门之下；不能移动本人所在部门或平台',
    tag: TAG,
    access: 'user:admin',
    body: DeptMove,
    reply: DeptAdminItem,
  }),
  disable: defineCall({
    method: 'POST',
    path: '/api/system/dept/disable',
    summary: '停用部门：它及其下级部门的用户不能再登录，已登录的会话立即结束；数据保留',
    tag: TAG,
    access: 'user:admin',
    body: DeptId,
    reply: DeptAdminItem,
  }),
  enable: defineCall({
    method: 'POST',
    path: '/api/system/dept/enable',
    summary: '启用已停用的部门',
    tag: TAG,
    access: 'user:admin',
    body: DeptId,
    reply: DeptAdminItem,
  }),
};
