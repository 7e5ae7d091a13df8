import { DownOutlined, GlobalOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space, Tooltip } from 'antd';
import { useAccountDialogs } from '../../features/account/useAccountDialogs';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useSession } from '../session/SessionContext';
import { useLogout } from '../session/useLogout';
import { useSettings } from '../settings/SettingsProvider';
import { QuickDispatchButton } from './topbar/QuickDispatchButton';
import { QuickSearch } from './topbar/QuickSearch';
import { SearchButton } from './topbar/SearchButton';
import { useButtonTip } from './topbar/useButtonTip';
import { canLoadFeed, useWarningFeedLive } from './topbar/topbar.queries';
import { WarningBadgeButton } from './topbar/WarningBadgeButton';
import { WarningTicker } from './topbar/WarningTicker';
import { UserMenu } from './UserMenu';

/**
 * Warning ticker, badge, quick dispatch (with order:dispatch) and quick search; language, theme, the
 * signed-in user (a menu: change password, signed-in devices) and sign-out, at the right of the top bar. Compact (below 992 px): the badge, quick
 * dispatch, the search behind an icon, and a user menu holding language, theme and sign-out, so that
 * all of them stay reachable on a 390 px phone.
 */
export function HeaderActions({ compact = false }: { compact?: boolean }) {
  const { t, lang, setLang } = useI18n();
  const { user } = useSession();
  const { openDrawer } = useSettings();
  const logout = useLogout();
  const account = useAccountDialogs();
  const feed = canLoadFeed(user.permissions);
  const canDispatch = user.permissions.includes('order:dispatch');
  useWarningFeedLive(feed);
  const settingsTip = useButtonTip();
  const logoutTip = useButtonTip();

  if (compact) {
    return (
      <Space size={4} className="shell-actions is-compact">
        <SearchButton />
        {feed && <WarningBadgeButton enabled={feed} />}
        {canDispatch && <QuickDispatchButton />}
        <UserMenu />
      </Space>
    );
  }

  return (
    <Space size={8} className="shell-actions">
      {feed && <WarningTicker enabled={feed} />}
      {feed && <WarningBadgeButton enabled={feed} />}
      {canDispatch && <QuickDispatchButton />}
      <QuickSearch />
      <Dropdown
        menu={{
          selectable: true,
          selectedKeys: [lang],
          items: [
            { key: 'zh', label: '中文' },
            { key: 'en', label: 'English' },
          ],
          onClick: ({ key }) => setLang(key === 'en' ? 'en' : 'zh'),
        }}
      >
        <Button type="text" icon={<GlobalOutlined />} aria-label={t('layout.language')}>
          {lang === 'zh' ? '中文' : 'EN'}
        </Button>
      </Dropdown>
      <Tooltip title={t('layout.settings')} {...settingsTip.tooltip}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('layout.settings')}
          {...settingsTip.target}
          onClick={() => {
            settingsTip.hide();
            openDrawer();
          }}
        />
      </Tooltip>
      <Dropdown menu={{ items: account.items, onClick: ({ key }) => account.onMenuClick(key) }} trigger={['click']} placement="bottomRight">
        <Button type="text" className="shell-user" aria-label={t('shell.userMenu')}>
          <Avatar size={24} src={user.avatar || undefined} icon={<UserOutlined />} />
          <span className="shell-user-name">{user.realname}</span>
          <DownOutlined className="shell-user-caret" />
        </Button>
      </Dropdown>
      <Tooltip title={t('logout.title')} {...logoutTip.tooltip}>
        <Button
          type="text"
          icon={<LogoutOutlined />}
          aria-label={t('logout.title')}
          {...logoutTip.target}
          onClick={() => {
            logoutTip.hide();
            logout();
          }}
        />
      </Tooltip>
      {account.dialogs}
    </Space>
  );
}
