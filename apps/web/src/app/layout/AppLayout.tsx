import { Layout, theme } from 'antd';
import { useEffect, useMemo, useReducer, useState, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import type { PageRoute } from '../router/menu';
import { useCurrentPage } from '../router/useCurrentPage';
import { useSession } from '../session/SessionContext';
import { useSettings } from '../settings/SettingsProvider';
import { shellPaletteOf } from '../settings/themes';
import { NavBar } from './NavBar';
import { ShellContext } from './ShellContext';
import { SideBar } from './SideBar';
import { TABS_BAR_HEIGHT, TabsBar } from './TabsBar';
import { tabsReducer, type VisitedTab } from './tabs';
import { ThemeDrawer } from './ThemeDrawer';
import { TopBar } from './TopBar';
import { useIsMobile } from './useIsMobile';
import './shell.css';

/** console-spec §9: on a small screen the side bar folds by itself this long after it shows. */
const MOBILE_FOLD_DELAY_MS = 2000;
const BAR_HEIGHT = 48;

function tabOf(page: PageRoute, fullPath: string): VisitedTab {
  return { path: page.path, fullPath, name: page.name, meta: { title: page.title, affix: page.affix } };
}

export function AppLayout() {
  const { menu } = useSession();
  const { settings } = useSettings();
  const { t, lang } = useI18n();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const location = useLocation();
  const page = useCurrentPage();
  const [collapsed, setCollapsed] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [tabs, dispatch] = useReducer(tabsReducer, menu.pages, (pages) =>
    pages.filter((p) => p.affix).map((p) => tabOf(p, p.path)),
  );

  useDocumentTitle(page?.title[lang]);

  useEffect(() => {
    if (!isMobile) return;
    const timer = setTimeout(() => setCollapsed(true), MOBILE_FOLD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isMobile]);

  useEffect(() => {
    if (page) dispatch({ type: 'open', tab: tabOf(page, location.pathname + location.search) });
  }, [page, location.pathname, location.search]);

  const layout = isMobile ? 'vertical' : settings.layout;
  const palette = shellPaletteOf(settings.theme);
  const headerHeight = BAR_HEIGHT + (settings.tabsBar ? TABS_BAR_HEIGHT : 0);
  const shell = useMemo(
    () => ({ stickyOffset: settings.header === 'fixed' ? headerHeight : 0, isMobile }),
    [settings.header, headerHeight, isMobile],
  );
  const vars = {
    '--shell-sider-bg': palette.siderBg,
    '--shell-accent': palette.accent,
    '--shell-brand': palette.brand,
    '--shell-header-bg': token.colorBgContainer,
    '--shell-border': token.colorBorderSecondary,
    '--shell-body-bg': token.colorBgLayout,
    '--shell-text': token.colorText,
    '--shell-text-2': token.colorTextSecondary,
    '--shell-primary': token.colorPrimary,
  } as CSSProperties;

  const reload = () => {
    setReloadKey((k) => k + 1);
    void queryClient.invalidateQueries();
  };

  const header = (
    <header className={`shell-header${settings.header === 'fixed' ? ' is-fixed' : ''}`}>
      {layout === 'horizontal' ? (
        <TopBar />
      ) : (
        <NavBar collapsed={collapsed} isMobile={isMobile} onToggle={() => setCollapsed((c) => !c)} />
      )}
      {settings.tabsBar && <TabsBar tabs={tabs} activePath={page?.path ?? location.pathname} dispatch={dispatch} onReload={reload} />}
    </header>
  );

  const main = (
    <>
      <Layout.Content className="shell-main">
        <Outlet key={reloadKey} />
      </Layout.Content>
      <Layout.Footer className="shell-footer">{t('app.footer', { year: new Date().getFullYear() })}</Layout.Footer>
    </>
  );

  return (
    <ShellContext value={shell}>
      <Layout className={`shell shell-${layout}${palette.dark ? ' is-dark' : ''}`} style={vars}>
        {layout === 'vertical' && <SideBar collapsed={collapsed} isMobile={isMobile} onClose={() => setCollapsed(true)} />}
        <Layout className="shell-body">
          {header}
          {main}
        </Layout>
      </Layout>
      <ThemeDrawer isMobile={isMobile} />
    </ShellContext>
  );
}
