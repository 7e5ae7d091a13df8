import { z } from 'zod';
import { defineCall } from './api/call.js';
import { Permissions } from './permissions.js';

/** A menu entry as `/menu/navigate` returns it (console-spec §3 "Route item"). */
export const RouteItem = z.object({
  path: z.string(),
  name: z.string().optional(),
  /** 'Layout' for a group, else the view key the console maps to a page. */
  component: z.string(),
  redirect: z.string().optional(),
  hidden: z.boolean().optional(),
  meta: z.object({
    title: z.string(),
    titleEn: z.string(),
    icon: z.string().optional(),
    /** Any one of these opens the entry; the one permission list the server enforces on its calls. */
    permissions: z.array(z.enum(Permissions)).optional(),
    noKeepAlive: z.boolean().optional(),
    affix: z.boolean().optional(),
  }),
  get children(): z.ZodOptional<z.ZodArray<typeof RouteItem>> {
    return z.array(RouteItem).optional();
  },
});
export type RouteItem = z.infer<typeof RouteItem>;

export const MenuCalls = {
  navigate: defineCall({
    method: 'POST',
    path: '/menu/navigate',
    summary: '当前用户可见的菜单（按权限裁剪）',
    tag: '会话',
    access: 'signedIn',
    beforePasswordChange: true,
    reply: z.array(RouteItem),
    envelope: 'data',
  }),
};
