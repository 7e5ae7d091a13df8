import { UserAddOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * /register (console-spec §6 lists it among the pages open without signing in). The console has no
 * self-service sign-up: staff accounts are created by their organisation's administrator, so the page
 * says so and leads back to sign-in.
 */
export function RegisterPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  useDocumentTitle(t('register.pageTitle'));
  return (
    <div className="full-page-center register-page">
      <Result
        icon={<UserAddOutlined />}
        title={t('register.title')}
        subTitle={t('register.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            {t('register.backToLogin')}
          </Button>
        }
      />
    </div>
  );
}
