import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { warningTypeName, type WebhookItem } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Switch, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { DeliveryTable } from './DeliveryTable';
import { InAppPanel } from './InAppPanel';
import { deleteWebhook, enableWebhook, PUSH_KEY, testWebhook, webhookListQuery } from './push.queries';
import { WebhookFormDialog } from './WebhookFormDialog';

/** 预警推送配置: the in-app channel and webhooks, each per department and warning type, and what the webhooks delivered. */
export function WarningPushConfigPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const { user } = useSession();
  const canEdit = user.permissions.includes('config:edit');
  const client = useQueryClient();
  // A link from 部门管理 names one department: its (and its subtree's) webhooks, and new ones start there.
  const [params, setParams] = useSearchParams();
  const deptId = Number(params.get('deptId')) || undefined;
  const deptName = params.get('deptName');
  const webhooks = useQuery(webhookListQuery({ pageNumber: 1, pageSize: 100, deptId }));
  const [dialog, setDialog] = useState<{ editing: WebhookItem | null } | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: [PUSH_KEY] });

  const enable = useMutation({ mutationFn: (v: { id: number; enabled: boolean }) => enableWebhook(v.id, v.enabled), onSuccess: ({ msg }) => (void message.success(msg), refresh()) });
  const remove = useMutation({ mutationFn: deleteWebhook, onSuccess: ({ msg }) => (void message.success(msg), refresh()) });
  const test = useMutation({
    mutationFn: testWebhook,
    onSuccess: ({ entity, msg }) => {
      void (entity.state === 'delivered' ? message.success(msg) : message.error(msg));
      refresh();
    },
  });

  const columns: TableColumnsType<WebhookItem> = [
    { title: t('push.config.name'), dataIndex: 'name', width: 150, ellipsis: true, fixed: 'left' },
    { title: t('push.config.url'), dataIndex: 'url', width: 240, ellipsis: true },
    { title: t('push.config.dept'), dataIndex: 'deptName', width: 140, ellipsis: true },
    {
      title: t('push.config.types'), dataIndex: 'warningTypes', width: 260,
      render: (types: WebhookItem['warningTypes']) =>
        types === '*' ? <Tag color="blue">{t('push.config.allTypes')}</Tag> : types.map((c) => <Tag key={c}>{warningTypeName(c, lang)}</Tag>),
    },
    { title: t('push.config.secret'), dataIndex: 'secretHint', width: 100 },
    {
      title: t('push.config.enabled'), dataIndex: 'enabled', width: 80,
      render: (on: boolean, w) => (
        <Switch size="small" checked={on} disabled={!canEdit} loading={enable.isPending && enable.variables?.id === w.id} onChange={(v) => enable.mutate({ id: w.id, enabled: v })} />
      ),
    },
    { title: t('push.config.createTime'), dataIndex: 'createTime', width: 165 },
    {
      title: t('push.config.actions'), key: 'actions', width: 130, fixed: 'right',
      render: (_, w) =>
        canEdit && (
          <Space size={0}>
            <Tooltip title={t('push.config.test')}>
              <Button type="link" icon={<SendOutlined />} loading={test.isPending && test.variables === w.id} onClick={() => test.mutate(w.id)} aria-label={t('push.config.test')} />
            </Tooltip>
            <Tooltip title={t('push.config.edit')}>
              <Button type="link" icon={<EditOutlined />} onClick={() => setDialog({ editing: w })} aria-label={t('push.config.edit')} />
            </Tooltip>
            <Popconfirm title={t('push.config.deleteConfirm', { name: w.name })} onConfirm={() => remove.mutate(w.id)}>
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('push.config.delete')} />
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {deptId !== undefined && (
        <Alert
          type="warning"
          showIcon
          message={t('push.config.deptOnly', { dept: deptName ?? String(deptId) })}
          action={<Button size="small" onClick={() => setParams({})}>{t('push.config.showAll')}</Button>}
        />
      )}
      <InAppPanel key={deptId ?? 'own'} initialDeptId={deptId} />
      <Card
        size="small"
        title={t('push.config.webhooks')}
        extra={canEdit && <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>{t('push.config.add')}</Button>}
      >
        <Table<WebhookItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={webhooks.data?.list ?? []}
          loading={webhooks.isPending}
          scroll={{ x: 1265 }}
          pagination={false}
          locale={{ emptyText: t(canEdit ? 'push.config.empty' : 'push.config.emptyReader') }}
        />
      </Card>
      <DeliveryTable webhooks={webhooks.data?.list ?? []} />
      <WebhookFormDialog open={dialog !== null} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} deptId={deptId} />
    </Space>
  );
}
