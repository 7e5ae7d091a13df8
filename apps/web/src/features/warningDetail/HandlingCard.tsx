import { DEAL_STATUS, type WarningDetailEntity } from '@cvrisk/contracts';
import { Card, Descriptions, type DescriptionsProps } from 'antd';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** Who handled the warning, when, and what they wrote; a hint while it is still open. */
export function HandlingCard({ entity: e }: { entity: WarningDetailEntity }) {
  const { t } = useI18n();
  const items: DescriptionsProps['items'] = [
    { key: 'user', label: t('warningDetail.dealUserName'), children: orDash(e.dealUserName) },
    { key: 'time', label: t('warningDetail.dealTime'), children: orDash(e.dealTime) },
    { key: 'text', label: t('warningDetail.dealDescription'), children: orDash(e.dealDescription) },
  ];
  return (
    <Card size="small" title={t('warningDetail.handling')} className="wd-card">
      {e.dealStatus === DEAL_STATUS.unhandled ? (
        <div className="wd-unhandled">{t('warningDetail.unhandledHint')}</div>
      ) : (
        <Descriptions size="small" column={1} items={items} className="wd-descriptions" />
      )}
    </Card>
  );
}
