import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { changePassword } from './account.queries';
import { brokenPasswordRule } from './passwordRule';

type Values = { oldPassword: string; newPassword: string; repeat: string };

type Props = {
  open: boolean;
  onClose: () => void;
  /** At a first sign-in: the dialog cannot be dismissed, only answered or left by signing out. */
  forced?: { onSignOut: () => void };
};

/** Current password, new one twice; the policy is checked as the user types, the server has the last word. */
export function ChangePasswordDialog({ open, onClose, forced }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { user } = useSession();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const save = useMutation({
    mutationFn: (v: Values) => changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword }),
    onSuccess: ({ msg }) => {
      void message.success(msg);
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={t(forced ? 'forced.title' : 'account.password.title')}
      onCancel={forced ? forced.onSignOut : onClose}
      cancelText={forced ? t('forced.signOut') : undefined}
      closable={!forced}
      maskClosable={!forced}
      keyboard={!forced}
      onOk={() => form.submit()}
      okText={t('account.password.submit')}
      confirmLoading={save.isPending}
      width={460}
      forceRender
    >
      {forced && <Alert type="warning" showIcon title={t('forced.hint')} style={{ marginBottom: 12 }} />}
      <Alert type="info" showIcon title={t('account.password.hint')} style={{ marginBottom: 16 }} />
      <Form<Values> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} autoComplete="off">
        <Form.Item name="oldPassword" label={t('account.password.old')} rules={[{ required: true, message: t('account.password.oldRequired') }]}>
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('account.password.new')}
          rules={[
            { required: true, message: t('account.password.newRequired') },
            {
              validator: (_, v?: string) => {
                const broken = v ? brokenPasswordRule(v, user.username) : null;
                return broken ? Promise.reject(new Error(t(broken))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('account.password.repeat')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('account.password.repeatRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v?: string) =>
                !v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('account.password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
