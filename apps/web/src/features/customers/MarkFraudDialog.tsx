import { useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { markFraud, refreshCustomerViews } from './customers.queries';
import { ReasonDialog } from './ReasonDialog';

/** Flags a customer as loan fraud, or removes the flag, with a reason; the lists and the portrait follow. */
export function MarkFraudDialog({ customerId, customerName, fraud, onClose }: { customerId: number; customerName: string; fraud: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  return (
    <ReasonDialog
      title={t(fraud ? 'customers.unmarkTitle' : 'customers.markTitle', { name: customerName })}
      okText={t(fraud ? 'customers.unmarkFraud' : 'customers.markFraud')}
      danger={!fraud}
      submit={async (reason) => (await markFraud({ customerId, fraud: !fraud, reason })).msg}
      onClose={onClose}
      onDone={() => refreshCustomerViews(client)}
    />
  );
}
