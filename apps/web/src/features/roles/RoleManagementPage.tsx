import { PlusOutlined } from '@ant-design/icons';
import { PERMISSION_LABELS, type Permission, type RoleItem } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Popconfirm, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { RoleEditorDialog } from './RoleEditorDialog';
import { deleteRole, ROLES_KEY, rolesQuery } from './roles.queries';

/** 角色管理 (系统管理): roles of the caller's departments (editable) and those shared from above (view only). */
export function RoleManagementPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [name, setName] = useState<string | undefined>();
  const roles = useQuery(rolesQuery(name));
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);

  const remove = useMutation({
    mutationFn: deleteRole,
    onSuccess: (msg) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [ROLES_KEY] });
    },
  });

  const names = (r: RoleItem) => r.permissions.map((p) => PERMISSION_LABELS[p as Permission]?.[lang] ?? p).join(lang === 'zh' ? '、' : ', ');

  const columns: TableColumnsType<RoleItem> = [
    {
      title: t('roles.name'), dataIndex: 'name', width: 180, fixed: 'left', ellipsis: true,
      render: (_, r) => (
        <Space size={4}>
          <span>{r.name}</span>
          {!r.editable && <Tooltip title={t('roles.sharedHint')}><Tag>{t('roles.shared')}</Tag></Tooltip>}
          {r.mine && <Tooltip title={t('roles.mineHint')}><Tag color="blue">{t('roles.mine')}</Tag></Tooltip>}
        </Space>
      ),
    },
    { title: t('roles.nameEn'), dataIndex: 'nameEn', width: 160, ellipsis: true, render: (v: string) => v || '-' },
    { title: t('roles.owner'), dataIndex: 'deptName', width: 170, ellipsis: true },
    {
      title: t('roles.permissions'), key: 'permissions', width: 320, ellipsis: { showTitle: false },
      render: (_, r) => <Tooltip title={names(r)}><span>{t('roles.permissionCount', { n: r.permissions.length })}：{names(r)}</span></Tooltip>,
    },
    { title: t('roles.users'), dataIndex: 'userCount', width: 80, align: 'right' },
    {
      title: t('users.actions'), key: 'actions', width: 120, fixed: 'right',
      render: (_, r) => {
        const canEdit = r.editable && r.assignable && !r.mine;
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(r)}>{t(canEdit ? 'roles.edit' : 'roles.view')}</Button>
            {canEdit && (
              <Tooltip title={r.userCount > 0 ? t('roles.deleteHeld', { n: r.userCount }) : undefined}>
                <Popconfirm title={t('roles.deleteConfirm', { name: r.name })} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(r.id)} disabled={r.userCount > 0}>
                  <Button type="link" size="small" danger disabled={r.userCount > 0} loading={remove.isPending && remove.variables === r.id}>{t('roles.delete')}</Button>
                </Popconfirm>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('roles.intro')} />
      <Card
        size="small"
        title={t('roles.title')}
        extra={
          <Space wrap>
            <Input.Search allowClear placeholder={t('roles.search')} onSearch={(v) => setName(v.trim() || undefined)} style={{ width: 180 }} maxLength={50} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('roles.add')}</Button>
          </Space>
        }
      >
        <Table<RoleItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={roles.data ?? []}
          loading={roles.isFetching}
          scroll={{ x: 1030 }}
          pagination={false}
          locale={{ emptyText: t('roles.empty') }}
        />
      </Card>
      <RoleEditorDialog target={editing} onClose={() => setEditing(null)} />
    </Space>
  );
}
