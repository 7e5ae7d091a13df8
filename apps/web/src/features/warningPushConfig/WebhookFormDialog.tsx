import { WARNING_TYPE_CODES, warningTypeName, type WebhookItem, type WebhookSave } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { PUSH_KEY, saveWebhook } from './push.queries';

type Values = { name: string; url: string; deptId?: number; allTypes: boolean; types: number[]; secret?: string; enabled: boolean };

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

/** `deptId`: the department a new webhook starts with (the one the screen was opened for). */
type Props = { open: boolean; editing: WebhookItem | null; onClose: () => void; deptId?: number };

/** Add or edit a webhook; the same rules as the server, checked as the operator types. */
export function WebhookFormDialog({ open, editing, onClose, deptId }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const allTypes = Form.useWatch('allTypes', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        name: editing.name, url: editing.url, deptId: editing.deptId, enabled: editing.enabled,
        allTypes: editing.warningTypes === '*', types: editing.warningTypes === '*' ? [] : editing.warningTypes,
      });
    } else if (deptId !== undefined) {
      form.setFieldsValue({ deptId });
    }
  }, [open, editing, form, deptId]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body: WebhookSave = {
        id: editing?.id, deptId: v.deptId, name: v.name.trim(), url: v.url.trim(), enabled: v.enabled,
        warningTypes: v.allTypes ? '*' : (v.types as WebhookSave['warningTypes'] & number[]), secret: v.secret?.trim() || undefined,
      };
      return saveWebhook(body);
    },
    onSuccess: ({ msg }) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [PUSH_KEY] });
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('push.config.edit') : t('push.config.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      width={600}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ enabled: true, allTypes: true, types: [] }} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="name" label={t('push.config.name')} rules={[{ required: true, whitespace: true, message: t('push.config.nameRequired') }, { max: 50 }]}>
          <Input maxLength={50} showCount />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('push.config.url')}
          rules={[{ required: true, message: t('push.config.urlInvalid') }, { validator: (_, v: string) => (!v || isHttpUrl(v) ? Promise.resolve() : Promise.reject(new Error(t('push.config.urlInvalid')))) }]}
        >
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        <Form.Item name="deptId" label={t('push.config.dept')}>
          <DeptTreeSelect />
        </Form.Item>
        <Form.Item label={t('push.config.types')} required style={{ marginBottom: 0 }}>
          <Form.Item name="allTypes" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{t('push.config.allTypes')}</Checkbox>
          </Form.Item>
          {!allTypes && (
            <Form.Item name="types" rules={[{ required: true, type: 'array', min: 1, message: t('push.config.typesRequired') }]}>
              <Select mode="multiple" options={WARNING_TYPE_CODES.map((c) => ({ value: c, label: warningTypeName(c, lang) }))} maxTagCount="responsive" />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item
          name="secret"
          label={t('push.config.secret')}
          extra={t('push.config.secretHelp')}
          rules={[
            { required: !editing, message: t('push.config.secretRequired') },
            { validator: (_, v?: string) => (!v || v.trim().length >= 16 ? Promise.resolve() : Promise.reject(new Error(t('push.config.secretShort')))) },
          ]}
        >
          <Input.Password maxLength={128} placeholder={editing ? t('push.config.secretKeep') : undefined} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="enabled" label={t('push.config.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
