import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { fraudHistoryQuery } from '../customers/customers.queries';

const COLORS = { flag: 'red', accept: 'red', unflag: 'green', dismiss: 'gray' } as const;

/** The customer's loan-fraud record: every flag, unflag and verdict, newest first, with who and why. */
export function FraudHistoryDrawer({ customerId, customerName, onClose }: { customerId: number; customerName: string; onClose: () => void }) {
  const { t } = useI18n();
  const history = useQuery(fraudHistoryQuery(customerId));
  return (
    <Drawer open title={`${t('customers.historyTitle')}：${customerName}`} onClose={onClose} size={420}>
      {history.isPending ? <Spin /> : !history.data?.length ? <Empty description={t('customers.historyEmpty')} /> : (
        <Timeline
          items={history.data.map((e) => ({
            color: COLORS[e.action],
            children: (
              <>
                <Typography.Text strong>{t(`customers.action.${e.action}`)}</Typography.Text>
                <div>{e.reason}</div>
                <Typography.Text type="secondary">{`${e.user} · ${e.at}`}</Typography.Text>
              </>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
