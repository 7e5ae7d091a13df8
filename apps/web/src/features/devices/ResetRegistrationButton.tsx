import type { DeviceListItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { resetRegistration } from './registration.queries';

/** 重置注册, confirmed first: the list refetches so the row reads 未注册. */
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
  return (
    <Popconfirm
      title={t('terminal.resetConfirm', { device: device.deviceNumber })}
      description={<div style={{ maxWidth: 300 }}>{t('terminal.resetDetail')}</div>}
      okButtonProps={{ danger: true }}
      onConfirm={() => reset.mutateAsync()}
    >
      <Button type="link" size="small" loading={reset.isPending} disabled={!device.registeredAt}>
        {t('terminal.reset')}
      </Button>
    </Popconfirm>
  );
}
