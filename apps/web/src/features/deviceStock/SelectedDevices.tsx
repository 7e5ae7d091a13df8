import type { StockItem } from '@cvrisk/contracts';
import { Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** What a transfer or retirement acts on: how many, and their numbers. */
export function SelectedDevices({ devices }: { devices: StockItem[] }) {
  const { t } = useI18n();
  return (
    <div className="stock-selected-numbers">
      <Typography.Text strong>{t('deviceStock.selected', { n: devices.length })}：</Typography.Text>
      <Typography.Text type="secondary">{devices.map((d) => d.deviceNumber).join('、')}</Typography.Text>
    </div>
  );
}
