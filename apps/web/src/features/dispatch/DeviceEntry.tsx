import { DISPATCH_LIMITS, type OrderItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { splitDeviceNumbers } from '../../lib/pastedNumbers';
import { orderDetailQuery, sendChange, useOrderChange } from './dispatch.queries';

const MAX = DISPATCH_LIMITS.maxDevicesPerOrder;

/**
 * The device numbers fitted, typed or pasted (new lines, commas, spaces), starting from those entered
 * before. The server checks each one (exists, in stock, the institution's, the product's kinds) and
 * names every bad number: that answer stays in the dialog beside the numbers to correct.
 */
function DeviceEntryDialog({ order, onClose }: { order: OrderItem; onClose: () => void }) {
  const { t } = useI18n();
  const entered = useQuery(orderDetailQuery(order.id)).data?.devices.map((d) => d.deviceNumber);
  const [typed, setTyped] = useState<string>();
  const value = typed ?? entered?.join('\n') ?? '';
  const numbers = splitDeviceNumbers(value);
  const tooMany = numbers.length > MAX;
  const save = useOrderChange((deviceNumbers: string[]) => sendChange('setDevices', { id: order.id, deviceNumbers }, { silent: true }));
  return (
    <Modal
      open
      title={t('orders.devicesTitle', { id: order.id })}
      okText={t('orders.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: tooMany }}
      confirmLoading={save.isPending}
      onOk={() => save.mutate(numbers, { onSuccess: onClose })}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('orders.devicesHint', { product: orDash(order.productName), max: MAX })}</Typography.Paragraph>
      <Input.TextArea
        rows={6}
        value={value}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={t('orders.devicesPlaceholder')}
        aria-label={t('orders.deviceNumbers')}
      />
      <Typography.Text type={tooMany ? 'danger' : 'secondary'} className="device-entry-count">
        {tooMany ? t('orders.devicesTooMany', { max: MAX }) : t('orders.devicesCount', { count: numbers.length })}
      </Typography.Text>
      {save.error && <Alert type="error" showIcon title={save.error.message} className="device-entry-error" />}
    </Modal>
  );
}

export function DeviceEntryButton({ order }: { order: OrderItem }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {t('orders.enterDevices')}
      </Button>
      {open && <DeviceEntryDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}
