import { SearchOutlined } from '@ant-design/icons';
import { RISK_LEVEL_LABELS, WarningCalls, warningTypeName, type WarningListItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/call';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDebounced } from '../../lib/useDebounced';
import { warningDetailPath } from '../../lib/warningLinks';
import './warningQuickSearch.css';

const DEBOUNCE_MS = 300;

function Option({ w }: { w: WarningListItem }) {
  const { t, lang } = useI18n();
  const who = [w.plateNumber, w.customerName, w.customerPhone].filter(Boolean).join(' · ');
  return (
    <div className="warning-quick-option">
      <Space size={4} wrap>
        <Tag color={RISK_LEVEL_LABELS[w.riskLevel].color}>{warningTypeName(w.warningType, lang)}</Tag>
        <span>{w.deviceNumber}</span>
        {w.dealStatus === 1 && <Tag>{t('warnQuick.handled')}</Tag>}
      </Space>
      <Typography.Text type="secondary" ellipsis>
        {[w.warningTime, who].filter(Boolean).join(' · ')}
      </Typography.Text>
    </div>
  );
}

/**
 * 快速查找 on 风险预警 (findQuick): a device number, phone, plate, frame number or name finds the
 * newest warnings in scope; picking one opens its detail. Asks only for non-empty text, and emptying
 * the box clears the choice and the options (console-spec §5).
 */
export function WarningQuickSearch() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['warnings', 'quick', keyword],
    queryFn: async ({ signal }) => (await call(WarningCalls.quick, { body: { quickParam: keyword } }, { signal })).list,
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });
  const list = text.trim() && keyword ? (found.data ?? []) : [];
  const open = (id: string) => {
    const w = list.find((x) => String(x.id) === id);
    if (w) void navigate(warningDetailPath(w));
  };

  return (
    <AutoComplete
      className="warning-quick"
      value={text}
      options={list.map((w) => ({ value: String(w.id), label: <Option w={w} /> }))}
      onChange={setText}
      onSelect={(id: string) => {
        setText('');
        open(id);
      }}
      notFoundContent={keyword && text.trim() && found.isSuccess ? t('warnQuick.none') : null}
      popupMatchSelectWidth={340}
    >
      <Input allowClear maxLength={50} prefix={<SearchOutlined />} placeholder={t('warnQuick.placeholder')} aria-label={t('warnQuick.placeholder')} />
    </AutoComplete>
  );
}
