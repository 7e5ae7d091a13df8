import { FRAUD_REASON_MAX, FRAUD_REASON_MIN } from '@cvrisk/contracts';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';

type Props = {
  title: string;
  okText: string;
  danger?: boolean;
  /** Sends the reason; answers the server's message, toasted on success. */
  submit: (reason: string) => Promise<string>;
  onClose: () => void;
  onDone: () => void;
};

/**
 * Every loan-fraud step (flag, unflag, accept, dismiss) asks why: the reason is kept in the
 * customer's record, so the next operator knows what was seen.
 */
export function ReasonDialog({ title, okText, danger, submit, onClose, onDone }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    // An invalid reason is shown under the field; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    setBusy(true);
    try {
      message.success(await submit(reason.trim()));
      onDone();
      onClose();
    } catch {
      // The http layer has already toasted the server's message (a 409: decided meanwhile).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={title} okText={okText} okButtonProps={{ danger, loading: busy }} onOk={ok} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('customers.reason')}
          rules={[{ validator: (_r, v: string | undefined) => ((v ?? '').trim().length >= FRAUD_REASON_MIN ? Promise.resolve() : Promise.reject(new Error(t('customers.reasonRequired')))) }]}
        >
          <Input.TextArea rows={3} maxLength={FRAUD_REASON_MAX} showCount placeholder={t('customers.reasonPlaceholder')} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
