import { USER_STATES, type UserItem, type UserListQuery, type UserState } from '@cvrisk/contracts';
import { Space, Tag, Tooltip } from 'antd';
import { columnsOf, formValuesOf, queryOfForm, selectFromQuery, type ListField } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { usersEn, usersZh } from '../../lib/i18n/messages/users';
import type { Translate } from '../../lib/i18n/translate';
import { rolesQuery } from '../roles/roles.queries';

const STATE_COLORS: Record<UserState, string> = { enabled: 'green', disabled: 'default', locked: 'red' };

/** 启用 / 停用 / 已锁定, and 待改密 while the user has not yet replaced an administrator's password. */
function StateTags({ row }: { row: UserItem }) {
  const { t } = useI18n();
  return (
    <Space size={4} wrap>
      <Tag color={STATE_COLORS[row.state]}>{t(`users.state.${row.state}`)}</Tag>
      {row.mustChangePassword && (
        <Tooltip title={t('users.mustChangeHint')}>
          <Tag color="orange">{t('users.mustChange')}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

function Username({ row }: { row: UserItem }) {
  const { t } = useI18n();
  return (
    <Space size={4}>
      <span>{row.username}</span>
      {row.self && <Tag color="blue">{t('users.self')}</Tag>}
    </Space>
  );
}

/** 用户管理, field by field: the filters (form, address bar, list call) and the columns. */
export const USER_FIELDS: ListField<UserItem>[] = [
  { name: 'keyword', label: 'users.keyword', filter: { type: 'text', maxLength: 50 } },
  { name: 'deptId', label: 'users.dept', filter: { type: 'dept' } },
  { name: 'roleId', label: 'users.role', filter: selectFromQuery(() => rolesQuery(), (roles) => roles.map((r) => ({ value: r.id, label: r.name }))) },
  {
    name: 'state', label: 'users.state',
    filter: { type: 'select', options: (lang) => USER_STATES.map((s) => ({ value: s, label: (lang === 'zh' ? usersZh : usersEn)[`users.state.${s}`] })) },
  },
  { name: 'username', label: 'users.username', column: { width: 150, fixed: 'left', locked: true, render: (r) => <Username row={r} /> } },
  { name: 'realname', label: 'users.realname', column: { width: 100 } },
  { name: 'phone', label: 'users.phone', column: { width: 120 } },
  { name: 'deptName', label: 'users.dept', column: { width: 170 } },
  { name: 'roleName', label: 'users.role', column: { width: 140 } },
  { name: 'state', label: 'users.state', column: { width: 150, render: (r) => <StateTags row={r} /> } },
  { name: 'lastLoginTime', label: 'users.lastLogin', column: { width: 165, render: (r) => <LastLogin row={r} /> } },
  { name: 'createTime', label: 'users.created', column: { width: 165 } },
];

function LastLogin({ row }: { row: UserItem }) {
  const { t } = useI18n();
  return row.lastLoginTime ?? t('users.neverLoggedIn');
}

export type UserFilterValues = { keyword?: string; deptId?: number; roleId?: number; state?: UserState };

export const filtersFromQuery = (q: UserListQuery) => formValuesOf(USER_FIELDS, q) as UserFilterValues;
export const filtersToQuery = (v: UserFilterValues) => queryOfForm(USER_FIELDS, v) as Partial<UserListQuery>;
export const userColumns = (t: Translate): ListColumn<UserItem>[] => columnsOf(USER_FIELDS, t);
