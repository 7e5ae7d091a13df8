import { warningTypeName, type WarningNotPushEntity } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { allowDevice, NOT_PUSH_KEY } from './notPushList.queries';

/** 移除: after a confirmation saying the device's warnings of that type will be pushed again. */
export function RemoveNotPushButton({ item }: { item: WarningNotPushEntity }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => allowDevice({ deviceNumber: item.deviceNumber, warningType: item.warningType }),
    onSuccess: (msg) => {
      void message.success(msg);
      void queryClient.invalidateQueries({ queryKey: [NOT_PUSH_KEY] });
    },
  });

  return (
    <Popconfirm
      title={t('notPush.removeTitle')}
      description={t('notPush.removeConfirm', { device: item.deviceNumber, type: warningTypeName(item.warningType, lang) })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onConfirm={() => remove.mutateAsync()}
    >
      <Button type="link" danger size="small">
        {t('notPush.remove')}
      </Button>
    </Popconfirm>
  );
}
