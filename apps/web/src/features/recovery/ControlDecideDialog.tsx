import { CONTROL_ACTION_LABELS, CONTROL_LIMITS, type ControlRequestItem } from '@cvrisk/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Descriptions, Form, Input, Modal } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { decideControl } from './recovery.queries';

type Props = { request: ControlRequestItem; approve: boolean; onClose: () => void };

/** The second person's decision: approving needs no words, refusing says why (the requester reads it). */
export function ControlDecideDialog({ request, approve, onClose }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note?: string }>();
  const decide = useMutation({
    mutationFn: ({ note }: { note?: string }) => decideControl({ id: request.id, approve, note: note?.trim() ?? '' }),
    onSuccess: ({ msg }) => {
      void message.success(msg);
      onClose();
    },
  });
  const action = CONTROL_ACTION_LABELS[request.action][lang];
  return (
    <Modal
      open
      title={t(approve ? 'recoveryCase.controlApproveTitle' : 'recoveryCase.controlRefuseTitle', { action })}
      okText={t(approve ? 'recoveryCase.controlApprove' : 'recoveryCase.controlRefuse')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: approve && request.action === 'cut' }}
      confirmLoading={decide.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'device', label: t('recoveryCase.controlDevice'), children: `${request.deviceNumber} · ${request.model}` },
          { key: 'by', label: t('recoveryCase.controlRequestedBy'), children: `${request.requestedBy} · ${request.requestedAt}` },
          { key: 'reason', label: t('recoveryCase.controlReason'), children: request.reason },
        ]}
      />
      {approve && request.action === 'cut' && <p className="rc-muted">{t('recoveryCase.controlHoldNote', { speed: CONTROL_LIMITS.stoppedKmh })}</p>}
      <Form form={form} layout="vertical" onFinish={(v) => decide.mutate(v)}>
        <Form.Item
          name="note"
          label={t(approve ? 'recoveryCase.controlNoteOptional' : 'recoveryCase.controlRefuseNote')}
          rules={[
            ...(approve ? [] : [{ required: true, whitespace: true, message: t('recoveryCase.controlRefuseNoteRequired') }]),
            { max: CONTROL_LIMITS.reasonMax, message: t('recoveryCase.reasonTooLong', { max: CONTROL_LIMITS.reasonMax }) },
          ]}
        >
          <Input.TextArea rows={2} maxLength={CONTROL_LIMITS.reasonMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
