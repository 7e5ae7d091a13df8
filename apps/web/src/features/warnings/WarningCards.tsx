import { DEAL_STATUS_LABELS, type WarningListItem } from '@cvrisk/contracts';
import { Button, Card, Tag } from 'antd';
import { CardFacts } from '../../components/CardFacts';
import { RiskLevelTag } from '../../components/StatusTags';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { DEAL_STATUS_COLORS } from './warningColumns';

type Props = {
  rows: WarningListItem[];
  canHandle: boolean;
  typeName: (w: WarningListItem) => string;
  onHandle: (w: WarningListItem) => void;
  onDetail: (w: WarningListItem) => void;
};

/**
 * The warning list on a phone: one card per warning with what the operator decides on (type, level,
 * customer, car, device, time, dealer) and 处理 / 详情 under the thumb. Open compound warnings carry
 * the red edge the table's rows have.
 */
export function WarningCards({ rows, canHandle, typeName, onHandle, onDetail }: Props) {
  const { t, lang } = useI18n();
  return (
    <ul className="warning-cards" aria-label={t('warnings.title')}>
      {rows.map((w) => {
        const open = w.dealStatus === 0;
        const facts: [string, string][] = [
          [t('warnings.customerName'), [w.customerName, w.customerPhone].filter(Boolean).join(' ') || orDash(null)],
          [t('warnings.plateNumber'), orDash(w.plateNumber)],
          [t('warnings.deviceNumber'), w.deviceNumber],
          [t('warnings.warningTime'), w.warningTime],
          [t('warnings.dealer'), w.deptName],
        ];
        const actions = [
          ...(canHandle && open
            ? [
                <Button key="handle" type="primary" size="small" onClick={() => onHandle(w)}>
                  {t('warnings.handle')}
                </Button>,
              ]
            : []),
          <Button key="detail" size="small" onClick={() => onDetail(w)}>
            {t('warnings.detail')}
          </Button>,
        ];
        return (
          <li key={w.id}>
            <Card
              size="small"
              className={w.compound && open ? 'warning-card warning-card-compound' : 'warning-card'}
              title={
                <span className="warning-card-title">
                  <span className="warning-card-type">{typeName(w)}</span>
                  <RiskLevelTag level={w.riskLevel} />
                  {w.compound && <Tag color="magenta">{t('warnings.compound')}</Tag>}
                </span>
              }
              extra={<Tag color={DEAL_STATUS_COLORS[w.dealStatus]}>{DEAL_STATUS_LABELS[w.dealStatus][lang]}</Tag>}
              actions={actions}
            >
              <CardFacts facts={facts} />
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
