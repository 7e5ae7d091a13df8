import { DownOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { DEPT_KIND_LABELS, type DeptAdminItem } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Dropdown, Input, Space, Table, Tag, Tooltip, type MenuProps, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { usePhone } from '../../lib/usePhone';
import { DeptFormDialog, type DeptFormTarget } from './DeptFormDialog';
import { deptAdminQuery, deptsChanged, disableDept, enableDept } from './deptManagement.queries';
import { allIds, childKinds, filterTree, moveTargets, toTree, type DeptRow } from './deptTree';
import { MoveDeptDialog } from './MoveDeptDialog';

const KIND_COLORS = { platform: 'purple', finance: 'blue', dealer: 'green', installer: 'orange', recovery: 'red' } as const;

/** 部门管理: the caller's department subtree as a tree table, with create, edit, move, disable and enable. */
export function DeptManagementPage() {
  const { t, lang } = useI18n();
  const { message, modal } = App.useApp();
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  // A phone gets name, state and one actions menu; the other columns do not fit beside them.
  const wide = !usePhone();
  const depts = useQuery(deptAdminQuery());
  const [q, setQ] = useState('');
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [form, setForm] = useState<DeptFormTarget | null>(null);
  const [moving, setMoving] = useState<DeptAdminItem | null>(null);

  const items = useMemo(() => depts.data ?? [], [depts.data]);
  const tree = useMemo(() => filterTree(toTree(items), q), [items, q]);
  // Searching opens every branch that holds a match; otherwise everything is open unless the user folded it.
  const expanded = useMemo(() => allIds(tree).filter((id) => q.trim() !== '' || !collapsed.has(id)), [tree, q, collapsed]);

  const toggle = useMutation({
    mutationFn: (d: DeptAdminItem) => (d.disabled ? enableDept(d.id) : disableDept(d.id)),
    onSuccess: ({ msg }) => {
      void message.success(msg);
      deptsChanged(client);
    },
  });

  function confirmToggle(d: DeptRow) {
    modal.confirm({
      title: d.disabled ? t('depts.enable') : t('depts.disable'),
      content: d.disabled ? t('depts.enableConfirm', { name: d.name }) : t('depts.disableConfirm', { name: d.name, users: d.userTotal }),
      okButtonProps: { danger: !d.disabled },
      onOk: () => toggle.mutateAsync(d),
    });
  }

  function moreMenu(d: DeptRow): MenuProps['items'] {
    const own = d.id === user.deptId;
    const out: NonNullable<MenuProps['items']> = [];
    if (!own && d.kind !== 'platform' && moveTargets(items, d).length > 0) out.push({ key: 'move', label: t('depts.move'), onClick: () => setMoving(d) });
    if (!own && d.kind !== 'platform') out.push({ key: 'toggle', label: d.disabled ? t('depts.enable') : t('depts.disable'), danger: !d.disabled, onClick: () => confirmToggle(d) });
    if (d.kind === 'finance') {
      if (user.permissions.includes('config:edit')) out.push({ key: 'risk', label: t('depts.riskConfig'), onClick: () => navigate(`/riskConfig/riskWarningConfig?deptId=${d.id}`) });
      if (user.permissions.includes('warning:view')) {
        const params = new URLSearchParams({ deptId: String(d.id), deptName: d.name });
        out.push({ key: 'push', label: t('depts.pushConfig'), onClick: () => navigate(`/risk/warningPushConfig?${params}`) });
      }
    }
    return out;
  }

  const state = (d: DeptRow) =>
    d.disabled ? (
      <Tooltip title={d.disabledAt && t('depts.disabledAt', { at: d.disabledAt })}>
        <Tag color="red">{t('depts.disabled')}</Tag>
      </Tooltip>
    ) : d.disabledAbove ? (
      <Tag color="orange">{t('depts.disabledAbove')}</Tag>
    ) : (
      <Tag color="green">{t('depts.enabled')}</Tag>
    );

  const count = (own: number, total: number) => (total === own ? own : <Tooltip title={t('depts.countTip', { own, total })}>{`${own}（${total}）`}</Tooltip>);

  const columns: TableColumnsType<DeptRow> = [
    {
      title: t('depts.name'), dataIndex: 'name', fixed: 'left', width: wide ? 260 : undefined, ellipsis: wide,
      render: (name: string, d) => (
        <span>
          <span>{name}</span>
          {d.id === user.deptId && <Tag style={{ marginInlineStart: 6 }}>{t('depts.own')}</Tag>}
          {/* A phone has no room for the kind and state columns: they follow the name. */}
          {!wide && (
            <span style={{ display: 'block', marginTop: 2 }}>
              <Tag color={KIND_COLORS[d.kind]}>{DEPT_KIND_LABELS[d.kind][lang]}</Tag>
              {state(d)}
            </span>
          )}
        </span>
      ),
    },
    ...(wide
      ? ([
          { title: t('depts.kind'), dataIndex: 'kind', width: 100, render: (k: DeptRow['kind']) => <Tag color={KIND_COLORS[k]}>{DEPT_KIND_LABELS[k][lang]}</Tag> },
          { title: t('depts.state'), key: 'state', width: 100, render: (_, d) => state(d) },
          { title: t('depts.users'), key: 'users', width: 90, align: 'right', render: (_, d) => count(d.userCount, d.userTotal) },
          { title: t('depts.devices'), key: 'devices', width: 110, align: 'right', render: (_, d) => count(d.deviceCount, d.deviceTotal) },
          { title: t('depts.place'), key: 'place', width: 130, ellipsis: true, render: (_, d) => [d.province, d.city].filter(Boolean).join(' ') || '—' },
          { title: t('depts.createdAt'), dataIndex: 'createdAt', width: 160 },
        ] satisfies TableColumnsType<DeptRow>)
      : []),
    {
      title: t('depts.actions'), key: 'actions', fixed: 'right', width: wide ? 190 : 64,
      render: (_, d) => {
        const more = moreMenu(d) ?? [];
        const canAdd = childKinds(d.kind).length > 0 && !d.disabled && !d.disabledAbove;
        if (!wide) {
          const all = [
            ...(canAdd ? [{ key: 'add', label: t('depts.addChild'), onClick: () => setForm({ parent: d }) }] : []),
            { key: 'edit', label: t('depts.edit'), onClick: () => setForm({ editing: d }) },
            ...more,
          ];
          return (
            <Dropdown menu={{ items: all }} trigger={['click']}>
              <Button type="link" size="small" aria-label={t('depts.actions')} icon={<DownOutlined />} />
            </Dropdown>
          );
        }
        return (
          <Space size={0}>
            {canAdd && <Button type="link" size="small" onClick={() => setForm({ parent: d })}>{t('depts.addChild')}</Button>}
            <Button type="link" size="small" onClick={() => setForm({ editing: d })}>{t('depts.edit')}</Button>
            {more.length > 0 && (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small">{t('depts.more')} <DownOutlined /></Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  const own = items.find((d) => d.id === user.deptId);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('depts.intro')} />
      <Card
        size="small"
        className="dept-tree"
        title={t('depts.title')}
        extra={
          <Space wrap size={8}>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('depts.search')}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              style={{ width: wide ? 220 : 150 }}
              aria-label={t('depts.search')}
            />
            {wide && (
              <Button onClick={() => setCollapsed(collapsed.size > 0 ? new Set() : new Set(allIds(toTree(items)).filter((id) => id !== user.deptId)))}>
                {collapsed.size > 0 ? t('depts.expandAll') : t('depts.collapseAll')}
              </Button>
            )}
            {own && childKinds(own.kind).length > 0 && !own.disabled && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ parent: own })}>{wide ? t('depts.addChild') : null}</Button>
            )}
          </Space>
        }
      >
        <Table<DeptRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={tree}
          loading={depts.isPending}
          pagination={false}
          scroll={wide ? { x: 1120 } : undefined}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (open, d) => {
              const next = new Set(collapsed);
              if (open) next.delete(d.id);
              else next.add(d.id);
              setCollapsed(next);
            },
          }}
          locale={{ emptyText: q.trim() ? t('depts.noMatch', { q: q.trim() }) : t('depts.empty') }}
        />
      </Card>
      <DeptFormDialog target={form} onClose={() => setForm(null)} />
      <MoveDeptDialog dept={moving} items={items} onClose={() => setMoving(null)} />
    </Space>
  );
}
