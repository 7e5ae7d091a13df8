import type { OnlineCheckPage } from '@cvrisk/contracts';
import { Alert, Card, Statistic, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/translate';

const FIGURES: { key: 'total' | 'online' | 'offline' | 'never'; label: MessageKey }[] = [
  { key: 'total', label: 'onlineCheck.total' },
  { key: 'online', label: 'onlineCheck.online' },
  { key: 'offline', label: 'onlineCheck.offline' },
  { key: 'never', label: 'onlineCheck.never' },
];

/** What the whole selection adds up to, and the pasted numbers that matched no device the user may see. */
export function OnlineCheckSummary({ data, loading }: { data: OnlineCheckPage | undefined; loading: boolean }) {
  const { t, lang } = useI18n();
  const summary = data?.summary;
  const notFound = data?.notFound ?? [];
  return (
    <>
      <Card variant="borderless" className="online-check-summary" aria-busy={loading}>
        {FIGURES.map(({ key, label }) => (
          <Statistic key={key} title={t(label)} value={summary?.[key] ?? '-'} loading={!summary && loading} />
        ))}
        <Statistic title={t('onlineCheck.onlineRate')} value={summary?.onlineRate ?? '-'} suffix={summary && '%'} precision={summary && 1} loading={!summary && loading} />
      </Card>
      {notFound.length > 0 && (
        // Keyed by the numbers, so a new search that misses some shows the alert again after it was closed.
        <Alert
          key={notFound.join()}
          type="warning"
          showIcon
          closable
          title={
            <Typography.Paragraph className="online-check-missing" copyable={{ text: notFound.join('\n') }} ellipsis={{ rows: 2, expandable: true, symbol: t('common.expand') }}>
              {t('onlineCheck.notFound')}
              {notFound.join(lang === 'zh' ? '，' : ', ')}
            </Typography.Paragraph>
          }
        />
      )}
    </>
  );
}
