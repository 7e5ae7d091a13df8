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
  get children(): z.ZodArray<typeof DeptNode> {
    return z.array(DeptNode);
  },
});
export type DeptNode = z.infer<typeof DeptNode>;

/** `userid`: whose department subtree (default the caller's); it must be in the caller's scope. */
export const DeptTreeQuery = z.object({ userid: optional(id()) });
export type DeptTreeQuery = z.infer<typeof DeptTreeQuery>;

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
};
