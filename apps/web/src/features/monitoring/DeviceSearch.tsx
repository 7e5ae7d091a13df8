import type { MonitorSearchItem } from '@cvrisk/contracts';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { DeviceKindTag, DeviceStateTag } from '../../components/StatusTags';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDebounced } from '../../lib/useDebounced';
import { searchDevices } from './monitoring.queries';

const DEBOUNCE_MS = 300;

function Option({ item }: { item: MonitorSearchItem }) {
  const extra = [item.plateNumber, item.customerName, item.carFrameNumber].filter(Boolean).join(' · ');
  return (
    <div className="monitor-search-option">
      <Space size={4}>
        <span className="monitor-search-number">{item.deviceNumber}</span>
        <DeviceStateTag state={item.state} />
        <DeviceKindTag kind={item.deviceKind} />
      </Space>
      {extra && <Typography.Text type="secondary" ellipsis>{extra}</Typography.Text>}
    </div>
  );
}

/** Finds a device by number, plate, frame number or customer on the server (the map may not hold it). */
export function DeviceSearch({ onPick }: { onPick: (deviceNumber: string) => void }) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), DEBOUNCE_MS);
  const result = useQuery({
    queryKey: ['monitor', 'search', keyword],
    queryFn: ({ signal }) => searchDevices(keyword, signal),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });
  const options = (keyword ? (result.data ?? []) : []).map((item) => ({ value: item.deviceNumber, label: <Option item={item} /> }));

  return (
    <AutoComplete
      className="monitor-search"
      value={text}
      options={options}
      onChange={setText}
      onSelect={(value: string) => {
        setText(value);
        onPick(value);
      }}
      notFoundContent={keyword && result.isSuccess ? t('monitor.searchNone') : null}
      popupMatchSelectWidth={320}
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('monitor.searchPlaceholder')}
        aria-label={t('monitor.searchPlaceholder')}
        onPressEnter={() => {
          const first = result.data?.[0];
          if (keyword && first) onPick(first.deviceNumber);
        }}
      />
    </AutoComplete>
  );
}
