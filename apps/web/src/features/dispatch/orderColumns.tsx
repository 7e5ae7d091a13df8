import type { OrderItem } from '@cvrisk/contracts';
import type { ReactNode } from 'react';
import type { ListColumn } from '../../components/ListTable';
import { textColumnOf } from '../../components/textColumn';
import type { Translate } from '../../lib/i18n/translate';
import { OrderStateTag, OrderTypeTag } from './OrderTags';

type Column = ListColumn<OrderItem>;

const textColumn = textColumnOf<OrderItem>();

type Options = {
  /** The abnormal installs' tab adds why each was found abnormal. */
  abnormal: boolean;
  actions: (order: OrderItem) => ReactNode;
};

export function orderColumns(t: Translate, { abnormal, actions }: Options): Column[] {
  return [
    textColumn('id', t('orders.id'), 80, { fixed: 'left', locked: true }),
    { key: 'orderType', dataIndex: 'orderType', title: t('orders.orderType'), width: 90, align: 'center', card: 'extra', render: (_, r) => <OrderTypeTag type={r.orderType} /> },
    { key: 'state', dataIndex: 'state', title: t('orders.state'), width: 90, align: 'center', card: 'extra', render: (_, r) => <OrderStateTag state={r.state} /> },
    ...(abnormal ? [textColumn('abnormalReason', t('orders.abnormalReason'), 220)] : []),
    // Which car, when and where first: what a 992 px window shows beside the state.
    textColumn('plateNumber', t('orders.plateNumber'), 100),
    textColumn('reserveTime', t('orders.reserveTime'), 172),
    textColumn('address', t('orders.address'), 220),
    textColumn('carOwnerName', t('orders.carOwnerName'), 90),
    textColumn('realName', t('orders.realName'), 90),
    textColumn('phone', t('orders.phone'), 120),
    textColumn('carFrameNumber', t('orders.carFrameNumber'), 180),
    textColumn('deptName', t('orders.dealer'), 160),
    textColumn('installerName', t('orders.installer'), 160),
    textColumn('createdAt', t('orders.createdAt'), 172),
    { key: 'action', title: t('common.action'), width: 170, fixed: 'right', locked: true, render: (_, r) => actions(r) },
  ];
}
