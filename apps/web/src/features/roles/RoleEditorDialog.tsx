import { ROLE_NAME_MAX, type Permission, type RoleItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { PermissionChecklist } from './PermissionChecklist';
import { createRole, ROLES_KEY, updateRole } from './roles.queries';

type Values = { name: string; nameEn?: string; deptId?: number; permissions: Permission[] };
type Props = { target: RoleItem | 'new' | null; onClose: () => void };

/** 新建角色 / 编辑角色, or a read-only view of a role shared from above or holding more than the caller. */
export function RoleEditorDialog({ target, onClose }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { user } = useSession();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const role = target !== null && target !== 'new' ? target : null;
  const readOnly = role !== null && (!role.editable || !role.assignable || role.mine);

  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    if (role) form.setFieldsValue({ name: role.name, nameEn: role.nameEn, deptId: role.deptId, permissions: role.permissions as Permission[] });
  }, [target, role, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { name: v.name.trim(), nameEn: v.nameEn?.trim() ?? '', deptId: v.deptId, permissions: v.permissions };
      return role ? updateRole({ id: role.id, ...body }) : createRole(body);
    },
    onSuccess: (msg) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [ROLES_KEY] });
      onClose();
    },
  });

  const title = role ? t(readOnly ? 'roles.viewTitle' : 'roles.editTitle') : t('roles.add');
  return (
    <Modal
      open={target !== null}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ hidden: readOnly }}
      confirmLoading={save.isPending}
      width={720}
      forceRender
    >
      {readOnly && <Alert type="info" showIcon title={t(!role.editable ? 'roles.sharedHint' : role.mine ? 'roles.mineHint' : 'roles.beyondHint')} style={{ marginBottom: 16 }} />}
      <Form<Values> form={form} name="roleForm" layout="vertical" onFinish={(v) => save.mutate(v)} disabled={readOnly} initialValues={{ permissions: [] }}>
        <Form.Item name="name" label={t('roles.name')} rules={[{ required: true, whitespace: true, message: t('roles.nameRequired') }, { max: ROLE_NAME_MAX }]}>
          <Input maxLength={ROLE_NAME_MAX} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('roles.nameEn')} rules={[{ max: ROLE_NAME_MAX }]}>
          <Input maxLength={ROLE_NAME_MAX} />
        </Form.Item>
        <Form.Item name="deptId" label={t('roles.owner')} extra={readOnly ? undefined : t('roles.ownerHelp')}>
          {readOnly ? <Input value={role.deptName} /> : <DeptTreeSelect />}
        </Form.Item>
        <Form.Item name="permissions" label={t('roles.permissions')} rules={[{ required: true, type: 'array', min: 1, message: t('roles.permissionsRequired') }]}>
          <PermissionChecklist held={user.permissions} readOnly={readOnly} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
