import { CASE_ACTION_LABELS, RECOVERY_LIMITS, type CaseAction, type CaseChange } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { caseDetailQuery, changeCase, recoveryTeamsQuery } from './recovery.queries';

type Values = { reason: string; teamDeptId?: number };
type Props = { caseId: number; action: CaseAction; onClose: () => void };

/** Taking one step on a case: always with a reason (it goes into the history), and a team for 分配. */
export function CaseActionDialog({ caseId, action, onClose }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const assigning = action === 'assign';
  const teams = useQuery({ ...recoveryTeamsQuery(caseId), enabled: assigning });

  const change = useMutation({
    mutationFn: (v: Values) => {
      const body: CaseChange = { id: caseId, action, reason: v.reason.trim(), ...(assigning ? { teamDeptId: v.teamDeptId } : {}) };
      return changeCase(body);
    },
    onSuccess: ({ detail, msg }) => {
      client.setQueryData(caseDetailQuery(caseId).queryKey, detail);
      void message.success(msg);
      onClose();
    },
  });

  const label = CASE_ACTION_LABELS[action][lang];
  return (
    <Modal
      open
      title={label}
      okText={label}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: action === 'close' }}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => change.mutate(v)}>
        {assigning && (
          <Form.Item name="teamDeptId" label={t('recoveryCase.team')} rules={[{ required: true, message: t('recoveryCase.teamRequired') }]}>
            <Select
              loading={teams.isPending}
              placeholder={t('recoveryCase.teamPlaceholder')}
              notFoundContent={teams.isPending ? t('common.loading') : t('recoveryCase.noTeams')}
              options={(teams.data ?? []).map((team) => ({
                value: team.id,
                disabled: team.disabled,
                label: t('recoveryCase.teamOption', { name: team.name, count: team.openCases }),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('recoveryCase.actionReason')}
          rules={[
            { required: true, whitespace: true, message: t('recoveryCase.reasonRequired') },
            { max: RECOVERY_LIMITS.reasonMax, message: t('recoveryCase.reasonTooLong', { max: RECOVERY_LIMITS.reasonMax }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={RECOVERY_LIMITS.reasonMax} showCount placeholder={t('recoveryCase.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
