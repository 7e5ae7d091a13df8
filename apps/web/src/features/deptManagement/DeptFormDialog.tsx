import { DEPT_KIND_LABELS, DEPT_MESSAGES, DEPT_NAME_MAX, DEPT_PLACE_MAX, type CreatableDeptKind, type DeptAdminItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { createDept, deptsChanged, updateDept } from './deptManagement.queries';
import { childKinds } from './deptTree';

type Values = { kind?: CreatableDeptKind; name: string; province?: string; city?: string };

/** Creating under `parent`, or editing `editing`: one of the two is set while the dialog is open. */
export type DeptFormTarget = { parent: DeptAdminItem; editing?: undefined } | { editing: DeptAdminItem; parent?: undefined };

type Props = { target: DeptFormTarget | null; onClose: () => void };

/** 新建下级 / 编辑: kind (when creating), name, province and city, with the server's rules as one types. */
export function DeptFormDialog({ target, onClose }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const kinds = target?.parent ? childKinds(target.parent.kind) : [];

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.editing) form.setFieldsValue({ name: target.editing.name, province: target.editing.province ?? '', city: target.editing.city ?? '' });
    else form.setFieldsValue({ kind: childKinds(target.parent.kind)[0] });
  }, [target, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const fields = { name: v.name.trim(), province: v.province?.trim() || null, city: v.city?.trim() || null };
      if (target?.editing) return updateDept({ id: target.editing.id, ...fields });
      return createDept({ parentId: target!.parent!.id, kind: v.kind!, ...fields });
    },
    onSuccess: ({ msg }) => {
      void message.success(msg);
      deptsChanged(client);
      onClose();
    },
  });

  const title = target?.editing ? t('depts.editTitle') : t('depts.createTitle', { parent: target?.parent?.name ?? '' });
  return (
    <Modal open={target !== null} title={title} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} forceRender>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        {kinds.length > 0 && (
          <Form.Item name="kind" label={t('depts.kind')} rules={[{ required: true, message: DEPT_MESSAGES.kind }]}>
            <Radio.Group options={kinds.map((k) => ({ value: k, label: DEPT_KIND_LABELS[k][lang] }))} />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('depts.name')}
          rules={[{ required: true, whitespace: true, message: DEPT_MESSAGES.nameRequired }, { max: DEPT_NAME_MAX, message: DEPT_MESSAGES.nameLong }]}
        >
          <Input maxLength={DEPT_NAME_MAX} showCount autoFocus />
        </Form.Item>
        <Form.Item name="province" label={t('depts.province')} rules={[{ max: DEPT_PLACE_MAX, message: DEPT_MESSAGES.placeLong }]}>
          <Input maxLength={DEPT_PLACE_MAX} placeholder={t('depts.provincePlaceholder')} />
        </Form.Item>
        <Form.Item name="city" label={t('depts.city')} rules={[{ max: DEPT_PLACE_MAX, message: DEPT_MESSAGES.placeLong }]}>
          <Input maxLength={DEPT_PLACE_MAX} placeholder={t('depts.cityPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
