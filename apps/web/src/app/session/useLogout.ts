import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { logout } from '../../api/session.api';
import { removeToken } from '../../api/token';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { loginPathFor } from '../router/guard';
import { clearCurrentUser } from './currentUser';

/** console-spec §2/§4: confirm, tell the server, then drop token, permissions and routes. */
export function useLogout(): () => void {
  const { modal } = App.useApp();
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  return () => {
    modal.confirm({
      title: t('logout.title'),
      content: t('logout.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        removeToken();
        clearCurrentUser();
        queryClient.clear();
        navigate(loginPathFor(location.pathname, location.search), { replace: true });
      },
    });
  };
}
