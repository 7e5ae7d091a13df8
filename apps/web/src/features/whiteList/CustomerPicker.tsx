import type { WhiteListCustomer } from '@cvrisk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDebounced } from '../../lib/useDebounced';
import { customerSearchQuery } from './whiteList.queries';

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 300;

type Props = {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** The chosen customer itself, so the dialog can say when they are listed already. */
  onPick: (customer: WhiteListCustomer | undefined) => void;
};

function CustomerOption({ c }: { c: WhiteListCustomer }) {
  const { t } = useI18n();
  return (
    <Space size={8} wrap={false}>
      <span>{c.name}</span>
      <Typography.Text type="secondary">{c.phone}</Typography.Text>
      {c.plateNumbers.length > 0 && <Typography.Text type="secondary">{c.plateNumbers.join('，')}</Typography.Text>}
      <Typography.Text type="secondary">{c.deptName4s}</Typography.Text>
      {c.listed && <Tag color="green">{t('riskAdmin.listed')}</Tag>}
    </Space>
  );
}

/** Customers of the caller's scope, searched on the server by name, phone or plate as the operator types. */
export function CustomerPicker({ id, value, onChange, onPick }: Props) {
  const { t } = useI18n();
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const [picked, setPicked] = useState<WhiteListCustomer>();
  const found = useQuery({ ...customerSearchQuery(keyword), placeholderData: keepPreviousData });

  const customers = keyword ? (found.data ?? []) : [];
  // The chosen customer stays shown by name after the search moves on.
  const shown = picked && !customers.some((c) => c.id === picked.id) ? [picked, ...customers] : customers;

  return (
    <Select<number>
      id={id}
      value={value}
      placeholder={t('riskAdmin.customerSearch')}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      notFoundContent={keyword ? (found.isFetching ? t('common.loading') : t('riskAdmin.customerNotFound')) : t('riskAdmin.customerTyping')}
      options={shown.map((c) => ({ value: c.id, label: <CustomerOption c={c} />, customer: c }))}
      optionLabelProp="label"
      onChange={(v, option) => {
        const customer = v === undefined ? undefined : (option as { customer: WhiteListCustomer }).customer;
        setPicked(customer);
        onPick(customer);
        onChange?.(v);
      }}
    />
  );
}
