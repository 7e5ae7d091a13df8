import { ORDER_ACTION_LABELS, type OrderAction, type OrderHistoryItem } from '@cvrisk/contracts';
import { Empty, Timeline, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { OrderStateTag } from './OrderTags';

const ACTION_COLORS: Partial<Record<OrderAction, string>> = { abnormal: 'red', reject: 'red', revoke: 'gray', pass: 'green' };

/** What happened to the order, oldest first: when, who (the server itself for an abnormal install), what, and why. */
export function OrderHistoryTimeline({ history }: { history: OrderHistoryItem[] }) {
  const { t, lang } = useI18n();
  if (history.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.historyEmpty')} />;
  return (
    <Timeline
      className="order-history"
      items={history.map((h, i) => ({
        key: i,
        color: ACTION_COLORS[h.action] ?? 'blue',
        // A title would put the times in a column of their own, halving the width a phone has.
        content: (
          <>
            <Typography.Text type="secondary" className="order-history-time">{h.at}</Typography.Text>
            <div>
              <Typography.Text strong>{ORDER_ACTION_LABELS[h.action][lang]}</Typography.Text>
              <Typography.Text type="secondary"> · {h.userName ?? t('orders.system')}</Typography.Text>
            </div>
            {h.toState !== null && h.toState !== h.fromState && (
              <div className="order-history-states">
                {h.fromState !== null && (
                  <>
                    <OrderStateTag state={h.fromState} />→
                  </>
                )}
                <OrderStateTag state={h.toState} />
              </div>
            )}
            {/* A reason, or what the step concerned (the file's name, the installer's): said as it is. */}
            {h.reason && <div>{h.reason}</div>}
          </>
        ),
      }))}
    />
  );
}
