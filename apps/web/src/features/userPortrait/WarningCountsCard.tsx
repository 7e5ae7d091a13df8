import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { warningCountsQuery } from './portrait.queries';

/** The customer's warnings by type: all of them and the unhandled; a type opens the warning list. */
export function WarningCountsCard({ customerId, phone }: { customerId: number; phone: string }) {
  const { t } = useI18n();
  const counts = useQuery(warningCountsQuery(customerId));
  return (
    <Card className="portrait-card" title={t('portrait.warningCounts')}>
      {!counts.data ? <Skeleton active paragraph={{ rows: 3 }} /> : (
        <div className="portrait-counts">
          {counts.data.map((w) => (
            <Link
              key={w.warningType}
              className={w.total === 0 ? 'portrait-count is-zero' : 'portrait-count'}
              to={`/risk/riskWarning?${new URLSearchParams({ warningType: String(w.warningType), ...(phone.includes('*') ? {} : { customerPhone: phone }) })}`}
            >
              <Typography.Text>{w.warningTypeName}</Typography.Text>
              <span>
                <Typography.Text strong>{w.total}</Typography.Text>
                {w.unhandled > 0 && <Tag color="red" className="portrait-unhandled">{w.unhandled}</Tag>}
              </span>
            </Link>
          ))}
        </div>
      )}
    </Card>
  );
}
