import type { WarningPushForm } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Tooltip } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { notPushQuery, setNotPush } from './warningDetail.queries';

/**
 * 不推送此类预警. The first state is the server's (an exclusion entity means ticked). A tick shows at
 * once and goes back if the server refuses; the client has already toasted the server's message then.
 */
export function NotPushCheckbox({ form, disabled }: { form: WarningPushForm; disabled: boolean }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const config = useQuery(notPushQuery(form));
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (excluded: boolean) => setNotPush(form, excluded),
    onMutate: (excluded) => setOptimistic(excluded),
    onSuccess: (msg) => void message.success(msg),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: notPushQuery(form).queryKey });
      setOptimistic(null);
    },
  });
  const checked = optimistic ?? config.data?.entity != null;
  return (
    <Tooltip title={t('warningDetail.notPushHint')} placement="bottomLeft">
      <Checkbox
        className="wd-not-push"
        checked={checked}
        disabled={disabled || config.isPending || toggle.isPending}
        onChange={(e) => toggle.mutate(e.target.checked)}
      >
        {t('warningDetail.notPush')}
      </Checkbox>
    </Tooltip>
  );
}
