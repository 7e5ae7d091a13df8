import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Tooltip } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useCurrentPage } from '../router/useCurrentPage';
import { HeaderActions } from './HeaderActions';
import { useAfterFirstPaint } from './useAfterFirstPaint';

type Props = { collapsed: boolean; onToggle: () => void; isMobile: boolean };

/** Vertical layout's top bar: fold toggle, breadcrumb, actions. */
export function NavBar({ collapsed, onToggle, isMobile }: Props) {
  const { t, lang } = useI18n();
  const page = useCurrentPage();
  // The actions (warning ticker and badge, searches, user menu) follow the page's first paint.
  const painted = useAfterFirstPaint();
  const crumbs = page
    ? [...page.parents.filter((p) => p.path !== '/').map((p) => ({ title: p.title[lang] })), { title: page.title[lang] }]
    : [];

  return (
    <div className="shell-navbar">
      <Tooltip title={collapsed ? t('layout.expand') : t('layout.collapse')}>
        <Button
          type="text"
          className="shell-fold"
          aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
      </Tooltip>
      {!isMobile && <Breadcrumb className="shell-breadcrumb" items={crumbs} />}
      <div className="shell-spacer" />
      {painted && <HeaderActions compact={isMobile} />}
    </div>
  );
}
