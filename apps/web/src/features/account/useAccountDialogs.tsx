import { KeyOutlined, LaptopOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { MySessionsDialog } from './MySessionsDialog';

type Which = 'password' | 'sessions' | null;

/**
 * The user menu's own-account entries (修改密码, 登录设备) and the dialogs they open, for both the
 * wide top bar and the compact user menu. `onMenuClick` answers true when it handled the key.
 */
export function useAccountDialogs(): { items: NonNullable<MenuProps['items']>; onMenuClick: (key: string) => boolean; dialogs: ReactNode } {
  const { t } = useI18n();
  const [open, setOpen] = useState<Which>(null);
  const close = () => setOpen(null);
  return {
    items: [
      { key: 'account.password', label: t('account.menu.password'), icon: <KeyOutlined /> },
      { key: 'account.sessions', label: t('account.menu.sessions'), icon: <LaptopOutlined /> },
    ],
    onMenuClick: (key) => {
      if (key === 'account.password') setOpen('password');
      else if (key === 'account.sessions') setOpen('sessions');
      else return false;
      return true;
    },
    dialogs: (
      <>
        <ChangePasswordDialog open={open === 'password'} onClose={close} />
        <MySessionsDialog open={open === 'sessions'} onClose={close} />
      </>
    ),
  };
}
