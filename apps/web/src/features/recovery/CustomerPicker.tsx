import { CustomerCalls } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { call } from '../../api/call';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDebounced } from '../../lib/useDebounced';
import { CUSTOMERS_KEY } from '../customers/customers.queries';

/** Typing pauses this long before the customers are asked for. */
const SEARCH_PAUSE_MS = 300;
const MATCHES = 20;

export type PickedCustomer = { id: number; name: string };

type Props = { id?: string; value?: number; onChange?: (id: number | undefined) => void; onPick: (customer: PickedCustomer | null) => void };

/** A customer found by name in the caller's scope (the 风险客户 list's own call); phone and dealer tell namesakes apart. */
export function CustomerPicker({ id, value, onChange, onPick }: Props) {
  const { t } = useI18n();
  const [typed, setTyped] = useState('');
  const name = useDebounced(typed.trim(), SEARCH_PAUSE_MS);
  const found = useQuery({
    queryKey: [CUSTOMERS_KEY, 'pick', name],
    queryFn: ({ signal }) => call(CustomerCalls.list, { body: { customerName: name, pageNumber: 1, pageSize: MATCHES } }, { signal }),
    enabled: name !== '',
  });
  const rows = found.data?.list ?? [];
  return (
    <Select<number>
      id={id}
      value={value}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      placeholder={t('recovery.pickCustomerHint')}
      loading={found.isFetching}
      notFoundContent={name !== '' && found.isSuccess ? t('recovery.customerNone') : null}
      options={rows.map((c) => ({ value: c.customerId, label: `${c.customerName} · ${c.customerPhone} · ${c.deptName4s}` }))}
      onChange={(v) => {
        onChange?.(v ?? undefined);
        const row = rows.find((c) => c.customerId === v);
        onPick(row ? { id: row.customerId, name: row.customerName } : null);
      }}
    />
  );
}
