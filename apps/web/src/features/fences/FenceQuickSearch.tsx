import { FENCE_ALARM_ON_LABELS, FENCE_SHAPE_LABELS, FenceCalls } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../api/call';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDebounced } from '../../lib/useDebounced';

const DEBOUNCE_MS = 300;

/**
 * The fence list's name search: as the operator types, findFenceQuick suggests fences by name (with
 * shape and when they warn); picking one, or Enter, filters the list by that name.
 */
export function FenceQuickSearch({ name, onSearch }: { name: string | undefined; onSearch: (name: string | undefined) => void }) {
  const { t, lang } = useI18n();
  const [text, setText] = useState(name ?? '');
  const keyword = useDebounced(text.trim(), DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['fence', 'quick', keyword],
    queryFn: ({ signal }) => call(FenceCalls.quick, { body: { keyword } }, { signal }),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });
  const options = text.trim() && keyword
    ? (found.data ?? []).map((f) => ({
        value: f.name,
        key: f.id,
        label: (
          <Space size={4}>
            <span>{f.name}</span>
            <Tag>{FENCE_SHAPE_LABELS[f.shape][lang]}</Tag>
            <Tag>{FENCE_ALARM_ON_LABELS[f.alarmOn][lang]}</Tag>
          </Space>
        ),
      }))
    : [];

  return (
    <AutoComplete
      style={{ width: '100%' }}
      value={text}
      options={options}
      onChange={setText}
      onSelect={(v: string) => {
        setText(v);
        onSearch(v);
      }}
      popupMatchSelectWidth={280}
    >
      <Input.Search
        placeholder={t('fence.searchName')}
        aria-label={t('fence.searchName')}
        allowClear
        enterButton
        maxLength={50}
        onSearch={(v) => onSearch(v.trim() || undefined)}
      />
    </AutoComplete>
  );
}
