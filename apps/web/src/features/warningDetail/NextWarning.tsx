import { warningTypeName } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { warningDetailPath } from '../../lib/warningLinks';
import { nextWarningQuery } from './warningDetail.queries';

/**
 * Shown once the operator has handled this warning here: the next unhandled warning of their scope
 * (the list's default order, newest first) one click away, or word that none is left.
 */
export function NextWarning({ id }: { id: number }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const next = useQuery(nextWarningQuery(id));

  if (next.isPending) return <Alert type="success" showIcon title={t('warningDetail.findingNext')} className="wd-next" />;
  if (next.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('warningDetail.nextFailed', { message: next.error.message })}
        action={<Button onClick={() => void next.refetch()}>{t('common.retry')}</Button>}
        className="wd-next"
      />
    );
  const w = next.data.entity;
  if (!w)
    return (
      <Alert
        type="info"
        showIcon
        title={t('warningDetail.noNext')}
        action={<Button onClick={() => navigate('/risk/riskWarning')}>{t('warningDetail.backToList')}</Button>}
        className="wd-next"
      />
    );
  return (
    <Alert
      type="success"
      showIcon
      title={t('warningDetail.handledNext', { type: warningTypeName(w.warningType, lang, w.warningTypeName), deviceNumber: w.deviceNumber, time: w.warningTime })}
      action={
        <Button type="primary" onClick={() => navigate(warningDetailPath(w))}>
          {t('warningDetail.next')}
        </Button>
      }
      className="wd-next"
    />
  );
}
