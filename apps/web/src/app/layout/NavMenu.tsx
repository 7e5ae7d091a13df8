import { Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useCurrentPage } from '../router/useCurrentPage';
import { useSession } from '../session/SessionContext';
import { menuItems } from './menuItems';

type Props = { mode: 'inline' | 'horizontal'; collapsed?: boolean; onNavigate?: () => void };

export function NavMenu({ mode, collapsed = false, onNavigate }: Props) {
  const { menu } = useSession();
  const { lang } = useI18n();
  const page = useCurrentPage();
  const navigate = useNavigate();
  const items = useMemo(() => menuItems(menu.nodes, lang), [menu.nodes, lang]);
  const parentKeys = useMemo(() => page?.parents.map((p) => p.path) ?? [], [page]);
  const [openKeys, setOpenKeys] = useState<string[]>(parentKeys);
  const [shownParents, setShownParents] = useState(parentKeys);

  // Arriving at a page (menu click, tab, link) opens its group.
  if (shownParents !== parentKeys) {
    setShownParents(parentKeys);
    if (!parentKeys.every((k) => openKeys.includes(k))) setOpenKeys(parentKeys);
  }

  const selected = page ? (page.hidden ? parentKeys.slice(-1) : [page.path]) : [];
  // console-spec §9 "unique-open menu": opening a group closes the others.
  const uniqueOpen = (keys: string[]) => {
    const latest = keys.find((k) => !openKeys.includes(k));
    setOpenKeys(latest ? [latest] : keys);
  };

  return (
    <Menu
      theme="dark"
      mode={mode}
      items={items}
      selectedKeys={selected}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: uniqueOpen } : {})}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      className={`shell-menu shell-menu-${mode}`}
    />
  );
}
