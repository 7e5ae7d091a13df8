import type { CarDeviceListItem } from '@cvrisk/contracts';
import { Typography } from 'antd';
import type { ListColumn } from '../../components/ListTable';
import { textColumnOf } from '../../components/textColumn';
import { LoanStatusTag } from '../../components/StatusTags';
import { EMPTY } from '../../lib/format';
import type { Translate } from '../../lib/i18n/translate';

type Column = ListColumn<CarDeviceListItem>;

const textColumn = textColumnOf<CarDeviceListItem>();

const devicesColumn = (key: 'wiredDevices' | 'wirelessDevices', title: string): Column => ({
  key,
  dataIndex: key,
  title,
  width: 150,
  ellipsis: { showTitle: false },
  render: (devices: string[]) =>
    devices.length ? <span title={devices.join('\n')}>{devices.join('，')}</span> : EMPTY,
});

export function carColumns(t: Translate): Column[] {
  return [
    textColumn('customerName', t('car.customer'), 96, { fixed: 'left', locked: true }),
    textColumn('customerPhone', t('car.phone'), 120),
    textColumn('idCard', t('car.idCard'), 180),
    textColumn('carFrameNumber', t('car.carFrameNumber'), 196),
    textColumn('plateNumber', t('car.plateNumber'), 100),
    textColumn('brandName', t('car.brand'), 100),
    textColumn('modelName', t('car.model'), 130),
    textColumn('color', t('car.color'), 70),
    textColumn('deptName4s', t('car.dealer'), 170),
    textColumn('deptName', t('car.finance'), 170),
    { key: 'loanStatus', dataIndex: 'loanStatus', title: t('car.loanStatus'), width: 90, align: 'center', render: (_, r) => <LoanStatusTag status={r.loanStatus} /> },
    {
      key: 'overdueDays',
      dataIndex: 'overdueDays',
      title: t('car.overdueDays'),
      width: 90,
      align: 'right',
      render: (days: number) => (days > 0 ? <Typography.Text type="danger" strong>{days}</Typography.Text> : days),
    },
    devicesColumn('wiredDevices', t('car.wiredDevices')),
    devicesColumn('wirelessDevices', t('car.wirelessDevices')),
    textColumn('createdAt', t('car.createdAt'), 165),
  ];
}
