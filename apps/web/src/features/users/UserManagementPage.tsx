import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { UserListQuery, type UserItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { FieldFilterForm } from '../../components/listFields';
import { ListScreen } from '../../components/ListScreen';
import type { ListColumn } from '../../components/ListTable';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';
import { PasswordShownOnceDialog, type ShownPassword } from './PasswordShownOnceDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { filtersFromQuery, filtersToQuery, USER_FIELDS, userColumns } from './userFields';
import { UserFormDialog } from './UserFormDialog';
import { fetchUserPage, userAction, USERS_KEY, type UserAction } from './users.queries';

type RowActions = { edit: (u: UserItem) => void; reset: (u: UserItem) => void; act: (action: UserAction, u: UserItem) => void; busy: number | null };

/** Why a row's actions are off, or null: oneself (only one's name and phone), or a user holding more than the caller. */
function lockedReason(u: UserItem, t: Translate): string | null {
  if (u.self) return t('users.selfHint');
  return u.manageable ? null : t('users.beyond');
}

function actionsColumn(t: Translate, a: RowActions): ListColumn<UserItem> {
  return {
    key: 'actions', title: t('users.actions'), width: 130, fixed: 'right', locked: true,
    render: (_, u) => {
      const reason = lockedReason(u, t);
      const items: MenuProps['items'] = [
        u.state === 'disabled' ? { key: 'enable', label: t('users.enable') } : { key: 'disable', label: t('users.disable'), danger: true },
        ...(u.state === 'locked' ? [{ key: 'unlock', label: t('users.unlock') }] : []),
        { key: 'reset', label: t('users.resetPassword') },
      ];
      return (
        <Space size={0}>
          <Tooltip title={u.self || u.manageable ? undefined : reason}>
            <Button type="link" size="small" disabled={!u.self && !u.manageable} onClick={() => a.edit(u)}>{t('users.edit')}</Button>
          </Tooltip>
          <Tooltip title={reason}>
            <Dropdown
              disabled={reason !== null}
              trigger={['click']}
              menu={{ items, onClick: ({ key }) => (key === 'reset' ? a.reset(u) : a.act(key as UserAction, u)) }}
            >
              <Button type="link" size="small" loading={a.busy === u.id} aria-label={t('users.more')} icon={<MoreOutlined />}>{t('users.more')}</Button>
            </Dropdown>
          </Tooltip>
        </Space>
      );
    },
  };
}

const CONFIRM = { disable: 'users.disableConfirm', enable: 'users.enableConfirm', unlock: 'users.unlockConfirm' } as const;

/** 用户管理 (系统管理): the users of the caller's departments; create, edit, disable/enable, unlock and reset, each audited. */
export function UserManagementPage() {
  const { t } = useI18n();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<UserItem | 'new' | null>(null);
  const [resetting, setResetting] = useState<UserItem | null>(null);
  const [shown, setShown] = useState<ShownPassword | null>(null);

  const act = useMutation({
    mutationFn: ({ action, user }: { action: UserAction; user: UserItem }) => userAction(action, user.id),
    onSuccess: (msg) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [USERS_KEY] });
    },
  });

  const columns = useMemo(() => {
    const actions: RowActions = {
      edit: setEditing,
      reset: setResetting,
      act: (action, user) =>
        modal.confirm({
          title: t(CONFIRM[action], { name: user.realname }),
          okButtonProps: { danger: action === 'disable' },
          onOk: () => act.mutateAsync({ action, user }),
        }),
      busy: act.isPending ? (act.variables?.user.id ?? null) : null,
    };
    return [...userColumns(t), actionsColumn(t, actions)];
  }, [t, modal, act]);

  return (
    <>
      <ListScreen
        id={USERS_KEY}
        title={t('users.title')}
        schema={UserListQuery}
        fetchPage={fetchUserPage}
        toForm={filtersFromQuery}
        fromForm={filtersToQuery}
        filters={(props) => <FieldFilterForm fields={USER_FIELDS} {...props} />}
        columns={columns}
        rowKey="id"
        actions={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('users.add')}</Button>}
        table={{ emptyText: t('users.empty') }}
      />
      <UserFormDialog target={editing} onClose={() => setEditing(null)} onCreated={(c) => c.password && setShown({ username: c.user.username, password: c.password })} />
      <ResetPasswordDialog target={resetting} onClose={() => setResetting(null)} onGenerated={(password) => resetting && setShown({ username: resetting.username, password })} />
      <PasswordShownOnceDialog shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
