import type { Label, RouteItem } from '@cvrisk/contracts';

/** A page the signed-in user may open, with what the shell needs to show it. */
export type PageRoute = {
  path: string;
  name: string;
  view: string;
  title: Label;
  icon?: string;
  hidden: boolean;
  affix: boolean;
  /** Enclosing groups, outermost first, for the breadcrumb. */
  parents: { path: string; title: Label }[];
};

/** A menu entry: a group with children, or a page. */
export type MenuNode = {
  path: string;
  title: Label;
  icon?: string;
  hidden: boolean;
  redirect?: string;
  page?: PageRoute;
  children: MenuNode[];
};

export type Menu = { nodes: MenuNode[]; pages: PageRoute[]; denied: Set<string> };

/** console-spec §6: kept when the user holds any listed permission; no list means any signed-in user. */
export function hasAnyPermission(required: readonly string[] | undefined, held: readonly string[]): boolean {
  return !required || required.length === 0 || required.some((p) => held.includes(p));
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  if (!child) return parent;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

const GROUP = 'Layout';

/**
 * The server's route list reduced to what this console can show this user: entries whose view the
 * console does not have are dropped, entries the user lacks permission for are remembered as
 * denied (so opening them shows 401, not 404), and groups left without children disappear.
 */
export function buildMenu(routes: readonly RouteItem[], permissions: readonly string[], views: ReadonlySet<string>): Menu {
  const pages: PageRoute[] = [];
  const denied = new Set<string>();
  const deny = (item: RouteItem, path: string) => {
    denied.add(path);
    item.children?.forEach((c) => deny(c, joinPath(path, c.path)));
  };

  const visit = (item: RouteItem, parentPath: string, parents: PageRoute['parents']): MenuNode | null => {
    const path = joinPath(parentPath, item.path);
    const title = { zh: item.meta.title, en: item.meta.titleEn };
    if (!hasAnyPermission(item.meta.permissions, permissions)) {
      deny(item, path);
      return null;
    }
    const isGroup = item.component === GROUP;
    if (!isGroup && !views.has(item.component)) return null;
    const page: PageRoute | undefined = isGroup
      ? undefined
      : {
          path,
          name: item.name ?? item.component,
          view: item.component,
          title,
          icon: item.meta.icon,
          hidden: item.hidden ?? false,
          affix: item.meta.affix ?? false,
          parents,
        };
    if (page) pages.push(page);
    const childParents = isGroup ? [...parents, { path, title }] : parents;
    const children = (item.children ?? [])
      .map((c) => visit(c, path, childParents))
      .filter((c): c is MenuNode => c !== null);
    if (isGroup && children.length === 0) return null;
    return { path, title, icon: item.meta.icon, hidden: item.hidden ?? false, redirect: item.redirect, page, children };
  };

  const nodes = routes.map((r) => visit(r, '/', [])).filter((n): n is MenuNode => n !== null);
  return { nodes, pages, denied };
}

export type Resolution =
  | { kind: 'page'; page: PageRoute }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };

function firstPage(node: MenuNode): PageRoute | undefined {
  if (node.page && !node.hidden) return node.page;
  for (const c of node.children) {
    const p = firstPage(c);
    if (p) return p;
  }
  return undefined;
}

function findNode(nodes: readonly MenuNode[], path: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.path === path) return n;
    const inner = findNode(n.children, path);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Where a path leads for this user. `knownPaths` with their permissions are the console's fixed
 * route set: a known page the user may not open answers 401 even when the server's menu left it out.
 */
export function resolvePath(
  menu: Menu,
  pathname: string,
  fixedRoutes: readonly { path: string; permissions?: readonly string[] }[],
  permissions: readonly string[],
): Resolution {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = menu.pages.find((p) => p.path === path);
  if (page) return { kind: 'page', page };
  const group = findNode(menu.nodes, path);
  if (group) {
    const target = group.redirect && menu.pages.some((p) => p.path === group.redirect) ? group.redirect : firstPage(group)?.path;
    if (target) return { kind: 'redirect', to: target };
  }
  if (menu.denied.has(path)) return { kind: 'forbidden' };
  const fixed = fixedRoutes.find((r) => r.path === path);
  if (fixed && !hasAnyPermission(fixed.permissions, permissions)) return { kind: 'forbidden' };
  return { kind: 'notFound' };
}
