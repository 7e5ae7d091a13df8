import type { OrderItem } from '@cvrisk/contracts';
import { Button, Popconfirm } from 'antd';
import type { ReactElement } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { DeviceEntryButton } from './DeviceEntry';
import { sendChange, useOrderChange } from './dispatch.queries';
import { allows } from './orderRules';
import { UploadButton } from './UploadButton';

function AcceptButton({ order }: { order: OrderItem }) {
  const { t } = useI18n();
  const accept = useOrderChange(() => sendChange('accept', { id: order.id }));
  return (
    <Button type="link" size="small" loading={accept.isPending} onClick={() => accept.mutate(undefined)}>
      {t('orders.accept')}
    </Button>
  );
}

/** 安装完成 hands the order to the audit and binds its devices to the car: it asks first. */
function MarkInstalledButton({ order }: { order: OrderItem }) {
  const { t } = useI18n();
  const done = useOrderChange(() => sendChange('markInstalled', { id: order.id }));
  return (
    <Popconfirm
      title={t('orders.markInstalledConfirm')}
      description={t('orders.markInstalledHint')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: done.isPending }}
      onConfirm={() => done.mutateAsync(undefined).catch(() => undefined)}
    >
      <Button type="link" size="small">
        {t('orders.markInstalled')}
      </Button>
    </Popconfirm>
  );
}

/** The installer's actions its state allows, as a list: a card shows them in its foot, the detail in a row. */
export function installerActions(order: OrderItem): ReactElement[] {
  const actions: ReactElement[] = [];
  if (allows('accept', order.state)) actions.push(<AcceptButton key="accept" order={order} />);
  if (allows('upload', order.state)) actions.push(<UploadButton key="upload" order={order} />);
  if (allows('setDevices', order.state)) actions.push(<DeviceEntryButton key="devices" order={order} />);
  if (allows('markInstalled', order.state)) actions.push(<MarkInstalledButton key="installed" order={order} />);
  return actions;
}
