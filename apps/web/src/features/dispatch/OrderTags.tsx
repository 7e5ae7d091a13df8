import { ORDER_STATE_LABELS, ORDER_TYPE_LABELS, type OrderState, type OrderType } from '@cvrisk/contracts';
import { Tag } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** Waiting states warm, work in progress blue, done green, abnormal red, revoked grey. */
const STATE_COLORS: Record<OrderState, string> = { 1: 'gold', 2: 'blue', 3: 'geekblue', 4: 'purple', 5: 'green', 6: 'red', 7: 'default' };
const TYPE_COLORS: Record<OrderType, string> = { 1: 'cyan', 2: 'orange' };

export function OrderStateTag({ state }: { state: OrderState }) {
  const { lang } = useI18n();
  return <Tag color={STATE_COLORS[state]}>{ORDER_STATE_LABELS[state][lang]}</Tag>;
}

export function OrderTypeTag({ type }: { type: OrderType }) {
  const { lang } = useI18n();
  return <Tag color={TYPE_COLORS[type]}>{ORDER_TYPE_LABELS[type][lang]}</Tag>;
}
