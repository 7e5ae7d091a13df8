import { DEPT_KIND_LABELS, DEPT_PARENT_KIND, type DeptAdminItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { deptsChanged, moveDept } from './deptManagement.queries';
import { moveTargets } from './deptTree';

type Props = { dept: DeptAdminItem | null; items: readonly DeptAdminItem[]; onClose: () => void };

/** 移动: a new parent among those the rules allow; the server checks them again. */
export function MoveDeptDialog({ dept, items, onClose }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ parentId?: number }>();
  const targets = dept ? moveTargets(items, dept) : [];

  useEffect(() => {
    if (dept) form.resetFields();
  }, [dept, form]);

  const move = useMutation({
    mutationFn: (parentId: number) => moveDept({ id: dept!.id, parentId }),
    onSuccess: ({ msg }) => {
      void message.success(msg);
      deptsChanged(client);
      onClose();
    },
  });

  const wantedKind = dept && dept.kind !== 'platform' ? DEPT_KIND_LABELS[DEPT_PARENT_KIND[dept.kind]][lang] : '';
  return (
    <Modal
      open={dept !== null}
      title={t('depts.moveTitle', { name: dept?.name ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: targets.length === 0 }}
      confirmLoading={move.isPending}
      forceRender
    >
      <Alert type="info" showIcon message={t('depts.moveHelp')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(v) => move.mutate(v.parentId!)}>
        <Form.Item name="parentId" label={t('depts.moveTo')} rules={[{ required: true, message: t('depts.moveTarget') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('depts.moveTarget')}
            notFoundContent={t('depts.moveNone', { kind: wantedKind })}
            options={targets.map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
