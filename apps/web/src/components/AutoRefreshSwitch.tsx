import { Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useI18n } from '../lib/i18n/I18nProvider';

type Props = {
  on: boolean;
  onChange: (on: boolean) => void;
  everyMs: number;
  /** When the rows on screen arrived (0 before the first reply). */
  updatedAt: number;
};

/** 自动刷新 of a live screen, with the time of the rows on screen so a stale view is obvious. */
export function AutoRefreshSwitch({ on, onChange, everyMs, updatedAt }: Props) {
  const { t } = useI18n();
  const seconds = Math.round(everyMs / 1000);
  return (
    <Space size={6} className="auto-refresh">
      {updatedAt > 0 && (
        <Typography.Text type="secondary" className="auto-refresh-time">
          {t('common.updatedAt', { time: dayjs(updatedAt).format('HH:mm:ss') })}
        </Typography.Text>
      )}
      <Switch size="small" checked={on} onChange={onChange} aria-label={t('common.autoRefresh', { seconds })} />
      <Typography.Text>{t('common.autoRefresh', { seconds })}</Typography.Text>
    </Space>
  );
}
