import type { UserItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { PasswordField } from './UserFormDialog';
import { resetPassword, USERS_KEY } from './users.queries';

type Values = { passwordMode: 'generate' | 'set'; password?: string };
type Props = { target: UserItem | null; onClose: () => void; onGenerated: (password: string) => void };

/** 重置密码: generated (shown once) or set; either way the user's sessions end and the next sign-in asks for a new one. */
export function ResetPasswordDialog({ target, onClose, onGenerated }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('passwordMode', form);

  useEffect(() => {
    if (target) form.resetFields();
  }, [target, form]);

  const reset = useMutation({
    mutationFn: (v: Values) => resetPassword({ id: target!.id, password: v.passwordMode === 'set' ? v.password : undefined }),
    onSuccess: ({ msg, password }) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [USERS_KEY] });
      onClose();
      if (password) onGenerated(password);
    },
  });

  return (
    <Modal
      open={target !== null}
      title={target ? t('users.resetTitle', { name: target.realname }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('users.resetSubmit')}
      okButtonProps={{ danger: true }}
      confirmLoading={reset.isPending}
      width={460}
      forceRender
    >
      <Alert type="info" showIcon title={t('users.resetHint')} style={{ marginBottom: 16 }} />
      <Form<Values> form={form} name="resetPassword" layout="vertical" onFinish={(v) => reset.mutate(v)} initialValues={{ passwordMode: 'generate' }} autoComplete="off">
        <Form.Item name="passwordMode" label={t('users.passwordMode')}>
          <Radio.Group options={[{ value: 'generate', label: t('users.passwordGenerate') }, { value: 'set', label: t('users.passwordSet') }]} />
        </Form.Item>
        {mode === 'set' && <PasswordField username={target?.username} />}
      </Form>
    </Modal>
  );
}
