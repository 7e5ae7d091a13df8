import type { WhiteListItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { removeWhiteList, WHITE_LIST_KEY } from './whiteList.queries';

/** 移出, after a confirmation that says what removal means for the customer. */
export function RemoveButton({ item }: { item: WhiteListItem }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeWhiteList(item.id),
    onSuccess: (msg) => {
      void message.success(msg);
      void queryClient.invalidateQueries({ queryKey: [WHITE_LIST_KEY] });
    },
  });

  return (
    <Popconfirm
      title={t('riskAdmin.removeTitle')}
      description={t('riskAdmin.removeConfirm', { name: item.customerName })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onConfirm={() => remove.mutateAsync()}
    >
      <Button type="link" danger size="small">
        {t('riskAdmin.remove')}
      </Button>
    </Popconfirm>
  );
}
