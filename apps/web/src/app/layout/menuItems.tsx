import type { MenuProps } from 'antd';
import type { Lang } from '../../lib/i18n/translate';
import type { MenuNode } from '../router/menu';
import { MenuIcon } from './menuIcons';

type Item = Required<MenuProps>['items'][number];

/** A group holding a single page of the same name (首页 › 首页) shows as that page alone. */
function soleChild(node: MenuNode): MenuNode | undefined {
  const visible = node.children.filter((c) => !c.hidden);
  const only = visible[0];
  return visible.length === 1 && only?.page && only.title.zh === node.title.zh ? only : undefined;
}

export function menuItems(nodes: readonly MenuNode[], lang: Lang): Item[] {
  return nodes
    .filter((n) => !n.hidden)
    .map((n): Item => {
      const single = n.page ? undefined : soleChild(n);
      if (n.page || single) {
        const target = single ?? n;
        return { key: target.path, icon: <MenuIcon name={target.icon ?? n.icon} />, label: target.title[lang] };
      }
      return { key: n.path, icon: <MenuIcon name={n.icon} />, label: n.title[lang], children: menuItems(n.children, lang) };
    });
}
