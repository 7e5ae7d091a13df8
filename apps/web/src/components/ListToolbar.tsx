import { ColumnHeightOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Dropdown, Popover, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n/I18nProvider';

export type Density = 'large' | 'middle' | 'small';

type ColumnOption = { key: string; title: string; locked?: boolean };

type Props = {
  title: ReactNode;
  /** Screen actions such as 导出, left of the table tools. */
  actions?: ReactNode;
  /** The 自动刷新 switch of a live screen, beside the refresh button. */
  autoRefresh?: ReactNode;
  onRefresh: () => void;
  refreshing: boolean;
  density: Density;
  onDensity: (d: Density) => void;
  columns: ColumnOption[];
  hidden: string[];
  onHidden: (keys: string[]) => void;
};

/** The bar between filters and table: title, actions, refresh, density and column choice. */
export function ListToolbar(props: Props) {
  const { t } = useI18n();
  const { columns, hidden, onHidden } = props;

  const columnPicker = (
    <div className="column-picker">
      <div className="column-picker-head">
        <Typography.Text strong>{t('common.columns')}</Typography.Text>
        <Button type="link" size="small" onClick={() => onHidden([])} disabled={hidden.length === 0}>
          {t('common.columnsReset')}
        </Button>
      </div>
      <Divider className="column-picker-divider" />
      {columns.map((c) => (
        <div key={c.key}>
          <Checkbox
            checked={!hidden.includes(c.key)}
            disabled={c.locked}
            onChange={(e) => onHidden(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
          >
            {c.title}
          </Checkbox>
        </div>
      ))}
    </div>
  );

  return (
    <div className="list-toolbar">
      <div className="list-toolbar-title">{props.title}</div>
      <Space size={4} wrap>
        {props.actions}
        <Divider orientation="vertical" />
        {props.autoRefresh}
        <Tooltip title={t('common.refresh')}>
          <Button type="text" icon={<ReloadOutlined spin={props.refreshing} />} onClick={props.onRefresh} aria-label={t('common.refresh')} />
        </Tooltip>
        <Dropdown
          menu={{
            selectable: true,
            selectedKeys: [props.density],
            items: [
              { key: 'large', label: t('common.densityDefault') },
              { key: 'middle', label: t('common.densityMiddle') },
              { key: 'small', label: t('common.densityCompact') },
            ],
            onClick: ({ key }) => props.onDensity(key as Density),
          }}
        >
          <Tooltip title={t('common.density')}>
            <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('common.density')} />
          </Tooltip>
        </Dropdown>
        <Popover content={columnPicker} trigger="click" placement="bottomRight">
          <Tooltip title={t('common.columns')}>
            <Button type="text" icon={<SettingOutlined />} aria-label={t('common.columns')} />
          </Tooltip>
        </Popover>
      </Space>
    </div>
  );
}
