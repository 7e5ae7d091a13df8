import { CONTROL_ACTION_LABELS, CONTROL_LIMITS, type ControlAction } from '@cvrisk/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { requestControl } from './recovery.queries';

type Props = { caseId: number; deviceNumber: string; action: ControlAction; onClose: () => void };

/** Asking for a cut or a restore: a reason, and the reminder that a second person must approve it. */
export function ControlRequestDialog({ caseId, deviceNumber, action, onClose }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const send = useMutation({
    mutationFn: ({ reason }: { reason: string }) => requestControl({ caseId, deviceNumber, action, reason: reason.trim() }),
    onSuccess: ({ msg }) => {
      void message.success(msg);
      onClose();
    },
  });
  const label = CONTROL_ACTION_LABELS[action][lang];
  return (
    <Modal
      open
      title={t('recoveryCase.controlRequestTitle', { action: label, device: deviceNumber })}
      okText={t('recoveryCase.controlRequestOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: action === 'cut' }}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type={action === 'cut' ? 'warning' : 'info'}
        showIcon
        className="rc-control-note"
        title={t(action === 'cut' ? 'recoveryCase.controlCutNote' : 'recoveryCase.controlRestoreNote', { speed: CONTROL_LIMITS.maxSpeedKmh, minutes: CONTROL_LIMITS.maxFixAgeMinutes })}
      />
      <Form form={form} layout="vertical" onFinish={(v) => send.mutate(v)}>
        <Form.Item
          name="reason"
          label={t('recoveryCase.controlReason')}
          rules={[
            { required: true, whitespace: true, message: t('recoveryCase.reasonRequired') },
            { max: CONTROL_LIMITS.reasonMax, message: t('recoveryCase.reasonTooLong', { max: CONTROL_LIMITS.reasonMax }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={CONTROL_LIMITS.reasonMax} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
