import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useOrderChange } from './dispatch.queries';

type Props<V> = {
  title: string;
  okText: string;
  danger?: boolean;
  initialValues?: Partial<V>;
  /** Sends the change; answers the server's message. */
  send: (values: V) => Promise<string>;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
};

/**
 * A change of an order that asks something first (an installer, a reason): the fields check as the
 * person types, nothing is sent until they pass, and the dialog closes once the server agrees.
 */
export function ChangeDialog<V extends object>({ title, okText, danger, initialValues, send, onClose, children }: Props<V>) {
  const { t } = useI18n();
  const [form] = Form.useForm<V>();
  const change = useOrderChange(send);
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger }}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => change.mutate(v, { onSuccess: onClose })}>
        {children}
      </Form>
    </Modal>
  );
}
