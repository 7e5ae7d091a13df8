import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** Full-page 401 / 404 with ways back; reachable signed in or out. */
export function StatusPage({ status }: { status: 401 | 404 }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const title = status === 401 ? t('page.401.title') : t('page.404.title');
  useDocumentTitle(title);
  return (
    <div className="full-page-center status-page">
      <Result
        status={status === 401 ? '403' : '404'}
        title={title}
        subTitle={status === 401 ? t('page.401.subTitle') : t('page.404.subTitle')}
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/index', { replace: true })}>
              {t('common.backHome')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
          </Space>
        }
      />
    </div>
  );
}

export function ForbiddenPage() {
  return <StatusPage status={401} />;
}

export function NotFoundPage() {
  return <StatusPage status={404} />;
}
