import type { RouteItem } from '@cvrisk/contracts';
import { MENU } from './menu.table.js';

/** A route is kept when it lists no permission or the caller holds any of them (console-spec §6). */
function allowed(route: RouteItem, held: ReadonlySet<string>): boolean {
  const needed = route.meta.permissions;
  return !needed || needed.length === 0 || needed.some((p) => held.has(p));
}

export function menuFor(held: ReadonlySet<string>, routes: RouteItem[] = MENU): RouteItem[] {
  const out: RouteItem[] = [];
  for (const route of routes) {
    if (!allowed(route, held)) continue;
    if (!route.children) {
      out.push(route);
      continue;
    }
    const children = menuFor(held, route.children);
    // A group with nothing left to open is not shown.
    if (children.length > 0) out.push({ ...route, children });
  }
  return out;
}
