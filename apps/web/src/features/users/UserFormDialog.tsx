import type { DeptKind, DeptNode, UserCreated, UserItem } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { brokenPasswordRule } from '../account/passwordRule';
import { deptTreeQuery } from '../catalog/catalog.queries';
import { rolesQuery } from '../roles/roles.queries';
import { createUser, updateUser, USERS_KEY } from './users.queries';

type Values = { username: string; realname: string; phone?: string; deptId: number; roleId: number; passwordMode: 'generate' | 'set'; password?: string };
type Props = {
  /** null: closed; 'new': create; a user: edit them. */
  target: UserItem | 'new' | null;
  onClose: () => void;
  onCreated: (created: UserCreated) => void;
};

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{2,31}$/;

/** The kind of each department of the tree, by id. */
function kindsOf(nodes: DeptNode[], into = new Map<number, DeptKind>()): Map<number, DeptKind> {
  for (const n of nodes) {
    into.set(n.id, n.kind);
    kindsOf(n.children, into);
  }
  return into;
}

/** 新建用户 / 编辑用户: the user name only when creating; one's own role and department stay as they are. */
export function UserFormDialog({ target, onClose, onCreated }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const roles = useQuery({ ...rolesQuery(), enabled: target !== null });
  const editing = target !== null && target !== 'new' ? target : null;
  const passwordMode = Form.useWatch('passwordMode', form);
  const deptId = Form.useWatch('deptId', form);
  const { user } = useSession();
  const tree = useQuery({ ...deptTreeQuery(user.userId), enabled: target !== null });
  const kinds = useMemo(() => kindsOf(tree.data ?? []), [tree.data]);
  const deptKind = deptId === undefined ? undefined : kinds.get(deptId);

  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ username: editing.username, realname: editing.realname, phone: editing.phone, deptId: editing.deptId, roleId: editing.roleId });
  }, [target, editing, form]);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const fields = { realname: v.realname.trim(), phone: v.phone?.trim() ?? '', deptId: v.deptId, roleId: v.roleId };
      if (editing) return { msg: await updateUser({ id: editing.id, ...fields }), created: null };
      const { msg, ...created } = await createUser({ username: v.username.trim(), ...fields, password: v.passwordMode === 'set' ? v.password : undefined });
      return { msg, created };
    },
    onSuccess: ({ msg, created }) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [USERS_KEY] });
      onClose();
      if (created) onCreated(created);
    },
  });

  // Only the roles that fit the chosen department's kind (the server refuses the others too); a user's current role stays listed.
  const fitting = (roles.data ?? []).filter((r) => editing?.self || r.id === editing?.roleId || (deptKind !== undefined && r.deptKinds.includes(deptKind)));
  const roleOptions = fitting.map((r) => ({
    value: r.id,
    label: `${r.name}（${r.deptName}）`,
    disabled: !r.assignable,
    title: r.assignable ? undefined : t('users.roleNotAssignable'),
  }));
  // A department of another kind drops a role chosen for the previous one.
  useEffect(() => {
    const roleId = form.getFieldValue('roleId') as number | undefined;
    if (roleId !== undefined && roles.data && deptKind !== undefined && !fitting.some((r) => r.id === roleId)) form.setFieldValue('roleId', undefined);
  });

  return (
    <Modal
      open={target !== null}
      title={editing ? t('users.editTitle') : t('users.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      width={520}
      forceRender
    >
      <Form<Values> form={form} name="userForm" layout="vertical" onFinish={(v) => save.mutate(v)} initialValues={{ passwordMode: 'generate' }} autoComplete="off">
        <Form.Item
          name="username"
          label={t('users.username')}
          extra={editing ? undefined : t('users.usernameHelp')}
          rules={[{ required: true, message: t('users.usernameRequired') }, { pattern: USERNAME, message: t('users.usernameRule') }]}
        >
          <Input disabled={editing !== null} maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item name="realname" label={t('users.realname')} rules={[{ required: true, whitespace: true, message: t('users.realnameRequired') }, { max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label={t('users.phone')} rules={[{ pattern: /^1\d{10}$/, message: t('users.phoneRule') }]}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="deptId" label={t('users.dept')} rules={[{ required: true, message: t('users.deptRequired') }]} extra={editing?.self ? t('users.selfHint') : undefined}>
          {editing?.self ? <Input disabled value={editing.deptName} /> : <DeptTreeSelect />}
        </Form.Item>
        <Form.Item name="roleId" label={t('users.role')} rules={[{ required: true, message: t('users.roleRequired') }]}>
          <Select
            options={roleOptions}
            loading={roles.isPending}
            disabled={editing?.self || (deptKind === undefined && !editing)}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={deptKind === undefined && !editing ? t('figures.pickDeptFirst') : t('common.placeholderSelect')}
          />
        </Form.Item>
        {!editing && (
          <>
            <Form.Item name="passwordMode" label={t('users.passwordMode')} extra={t('users.passwordFirstLogin')}>
              <Radio.Group options={[{ value: 'generate', label: t('users.passwordGenerate') }, { value: 'set', label: t('users.passwordSet') }]} />
            </Form.Item>
            {passwordMode === 'set' && <PasswordField />}
          </>
        )}
      </Form>
    </Modal>
  );
}

/** An administrator's password, checked by the policy as it is typed (the user name from the same form). */
export function PasswordField({ username }: { username?: string }) {
  const { t } = useI18n();
  return (
    <Form.Item
      name="password"
      label={t('users.password')}
      dependencies={['username']}
      rules={[
        { required: true, message: t('users.passwordRequired') },
        ({ getFieldValue }) => ({
          validator: (_, v?: string) => {
            const broken = v ? brokenPasswordRule(v, username ?? (getFieldValue('username') as string | undefined) ?? '') : null;
            return broken ? Promise.reject(new Error(t(broken))) : Promise.resolve();
          },
        }),
      ]}
    >
      <Input.Password autoComplete="new-password" maxLength={64} />
    </Form.Item>
  );
}
