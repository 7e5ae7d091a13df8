import { z } from 'zod';
import { defineCall } from './api/call.js';
import { id, optional } from './fields.js';
import { DeptKinds } from './labels.js';

export const DeptNode = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  kind: z.enum(DeptKinds),
  city: z.string().nullable(),
  /** It or a department above it is disabled (issue 18): it still holds data, so pickers show it, marked. */
  disabled: z.boolean(),
  get children(): z.ZodArray<typeof DeptNode> {
    return z.array(DeptNode);
  },
});
export type DeptNode = z.infer<typeof DeptNode>;

/** `userid`: whose department subtree (default the caller's); it must be in the caller's scope. */
export const DeptTreeQuery = z.object({ userid: optional(id()) });
export type DeptTreeQuery = z.infer<typeof DeptTreeQuery>;

/** getFinancialByDeptid: the finance institution a department belongs to (itself, for an institution). */
export const FinancialQuery = z.object({ deptid: id() });
export type FinancialQuery = z.infer<typeof FinancialQuery>;
export const FinancialInstitution = z.object({ id: z.number(), name: z.string(), province: z.string().nullable(), city: z.string().nullable() });
export type FinancialInstitution = z.infer<typeof FinancialInstitution>;

export const DeptCalls = {
  tree: defineCall({
    method: 'GET',
    path: '/api/dept/getDeptTreeByUserId',
    summary: '用户所在部门及其下级部门的树',
    tag: '部门',
    access: 'signedIn',
    query: DeptTreeQuery,
    reply: z.array(DeptNode),
  }),
  financial: defineCall({
    method: 'GET',
    path: '/api/dept/getFinancialByDeptid',
    summary: '部门所属的金融机构（部门须在本人范围内）',
    tag: '部门',
    access: 'signedIn',
    query: FinancialQuery,
    reply: FinancialInstitution,
  }),
};
