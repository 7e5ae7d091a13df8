import { DownOutlined, GlobalOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useAccountDialogs } from '../../features/account/useAccountDialogs';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useSession } from '../session/SessionContext';
import { useLogout } from '../session/useLogout';
import { useSettings } from '../settings/SettingsProvider';

/**
 * The signed-in user on a small screen: the avatar opens a menu with the name, one's own account
 * (password, sessions), the language, the theme settings and sign-out, which the wide top bar shows
 * as separate buttons.
 */
export function UserMenu() {
  const { t, lang, setLang } = useI18n();
  const { user } = useSession();
  const { openDrawer } = useSettings();
  const logout = useLogout();
  const account = useAccountDialogs();

  const items: MenuProps['items'] = [
    { key: 'name', label: user.realname, icon: <UserOutlined />, disabled: true, className: 'shell-user-menu-name' },
    { type: 'divider' },
    ...account.items,
    { type: 'divider' },
    { key: 'lang', label: lang === 'zh' ? 'English' : '中文', icon: <GlobalOutlined /> },
    { key: 'settings', label: t('layout.settings'), icon: <SettingOutlined /> },
    { type: 'divider' },
    { key: 'logout', label: t('logout.title'), icon: <LogoutOutlined />, danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (account.onMenuClick(key)) return;
    if (key === 'lang') setLang(lang === 'zh' ? 'en' : 'zh');
    if (key === 'settings') openDrawer();
    if (key === 'logout') logout();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button type="text" className="shell-user" aria-label={t('shell.userMenu')}>
          <Avatar size={24} src={user.avatar || undefined} icon={<UserOutlined />} />
          <DownOutlined className="shell-user-caret" />
        </Button>
      </Dropdown>
      {account.dialogs}
    </>
  );
}
