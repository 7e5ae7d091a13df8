import { INTEGRATION_NAME_MAX, type IntegrationCreated } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { createIntegrationKey, INTEGRATION_KEYS_KEY } from './integrationKeys.queries';

type Values = { name: string; deptId?: number };
type Props = { open: boolean; onClose: () => void; onCreated: (created: IntegrationCreated) => void };

/** 新建密钥: a name and the department whose devices and loans the key may reach. */
export function CreateKeyDialog({ open, onClose, onCreated }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const create = useMutation({
    mutationFn: (v: Values) => createIntegrationKey({ name: v.name.trim(), deptId: v.deptId }),
    onSuccess: ({ created, msg }) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [INTEGRATION_KEYS_KEY] });
      onCreated(created);
    },
  });

  return (
    <Modal open={open} title={t('integrationKeys.add')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={create.isPending} forceRender>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => create.mutate(v)}>
        <Form.Item name="name" label={t('integrationKeys.name')} rules={[{ required: true, whitespace: true, message: t('integrationKeys.nameRequired') }, { max: INTEGRATION_NAME_MAX }]}>
          <Input maxLength={INTEGRATION_NAME_MAX} showCount placeholder={t('integrationKeys.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="deptId" label={t('integrationKeys.dept')} extra={t('integrationKeys.deptHelp')}>
          <DeptTreeSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
