import type { DeviceListItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { resetRegistration } from './registration.queries';

/**
 * 重置注册 of a registered terminal, 开放注册 of one that is not (both open its registration window),
 * confirmed first: the list refetches so the row reads 待注册 with the window's end. Not for a retired device.
 */
export function ResetRegistrationButton({ device, listId }: { device: DeviceListItem; listId: string }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const reset = useMutation({
    mutationFn: () => resetRegistration(device.deviceNumber),
    onSuccess: ({ msg }) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [listId] });
    },
  });
  const registered = device.registeredAt !== null;
  return (
    <Popconfirm
      title={t(registered ? 'terminal.resetConfirm' : 'terminal.openConfirm', { device: device.deviceNumber })}
      description={<div style={{ maxWidth: 300 }}>{t(registered ? 'terminal.resetDetail' : 'terminal.openDetail')}</div>}
      okButtonProps={{ danger: registered }}
      onConfirm={() => reset.mutateAsync()}
    >
      <Button type="link" size="small" loading={reset.isPending} disabled={device.retiredAt !== null}>
        {t(registered ? 'terminal.reset' : 'terminal.open')}
      </Button>
    </Popconfirm>
  );
}
