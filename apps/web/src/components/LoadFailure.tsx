import { Codes } from '@cvrisk/contracts';
import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/envelope';
import { useI18n } from '../lib/i18n/I18nProvider';
import type { MessageKey } from '../lib/i18n/zh';

/** The server will not show it: missing, or outside the caller's scope (both 404), or not for this role. */
export function isOutOfReach(error: Error): boolean {
  return error instanceof ApiError && (error.code === Codes.NOT_FOUND || error.code === Codes.NO_PERMISSION);
}

/**
 * What a screen shows when what it opened could not be loaded, saying which of two different things
 * happened: the item does not exist or is outside the user's scope (the server answers both with 404,
 * so as not to tell a stranger what exists) — then a retry cannot help and the way on is back; or the
 * load failed (network, server) — then a retry is offered, beside the way back.
 */
export function LoadFailure({ error, retry, title }: { error: Error; retry: () => void; title?: MessageKey }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const gone = isOutOfReach(error);
  const back = (
    <Button key="back" type={gone ? 'primary' : 'default'} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/index'))}>
      {t('common.back')}
    </Button>
  );
  return (
    <Result
      status={gone ? '403' : 'warning'}
      title={gone ? t('common.noAccess') : t(title ?? 'common.loadFailed')}
      subTitle={gone ? t('common.noAccessHint') : error.message}
      extra={
        <Space>
          {gone ? null : (
            <Button type="primary" onClick={retry}>
              {t('common.retry')}
            </Button>
          )}
          {back}
        </Space>
      }
    />
  );
}
