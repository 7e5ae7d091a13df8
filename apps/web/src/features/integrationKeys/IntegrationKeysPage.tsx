import { PlusOutlined } from '@ant-design/icons';
import type { IntegrationCreated, IntegrationItem } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CreateKeyDialog } from './CreateKeyDialog';
import { integrationKeysQuery, INTEGRATION_KEYS_KEY, revokeIntegrationKey } from './integrationKeys.queries';
import { KeyShownOnceDialog } from './KeyShownOnceDialog';
import './integrationKeys.css';

/** 接口密钥: the keys integrations push positions and loans with — issue (shown once), list, revoke. */
export function IntegrationKeysPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const keys = useQuery(integrationKeysQuery());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<IntegrationCreated | null>(null);

  const revoke = useMutation({
    mutationFn: revokeIntegrationKey,
    onSuccess: ({ msg }) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [INTEGRATION_KEYS_KEY] });
    },
  });

  const columns: TableColumnsType<IntegrationItem> = [
    { title: t('integrationKeys.name'), dataIndex: 'name', width: 180, ellipsis: true, fixed: 'left' },
    { title: t('integrationKeys.dept'), dataIndex: 'deptName', width: 160, ellipsis: true },
    { title: t('integrationKeys.hint'), dataIndex: 'keyHint', width: 110, render: (hint: string | null) => (hint ? <code>…{hint}</code> : '—') },
    { title: t('integrationKeys.createdAt'), dataIndex: 'createdAt', width: 170 },
    { title: t('integrationKeys.createdBy'), dataIndex: 'createdBy', width: 110, ellipsis: true, render: (by: string | null) => by ?? '—' },
    { title: t('integrationKeys.lastUsed'), dataIndex: 'lastUsedAt', width: 170, render: (at: string | null) => at ?? t('integrationKeys.neverUsed') },
    {
      title: t('integrationKeys.state'), dataIndex: 'state', width: 100,
      render: (_, k) =>
        k.state === 'active' ? (
          <Tag color="green">{t('integrationKeys.active')}</Tag>
        ) : (
          <Tooltip title={t('integrationKeys.revokedBy', { by: k.revokedBy ?? '—', at: k.revokedAt ?? '—' })}>
            <Tag>{t('integrationKeys.revoked')}</Tag>
          </Tooltip>
        ),
    },
    {
      title: t('integrationKeys.actions'), key: 'actions', width: 90, fixed: 'right',
      render: (_, k) =>
        k.state === 'active' && (
          <Popconfirm title={t('integrationKeys.revokeConfirm', { name: k.name })} okButtonProps={{ danger: true }} onConfirm={() => revoke.mutate(k.id)}>
            <Button type="link" danger size="small" loading={revoke.isPending && revoke.variables === k.id}>{t('integrationKeys.revoke')}</Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('integrationKeys.intro')} />
      <Card
        size="small"
        title={t('integrationKeys.title')}
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>{t('integrationKeys.add')}</Button>}
      >
        <Table<IntegrationItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={keys.data ?? []}
          loading={keys.isPending}
          scroll={{ x: 1090 }}
          pagination={false}
          rowClassName={(k) => (k.state === 'revoked' ? 'integration-key-revoked' : '')}
          locale={{ emptyText: t('integrationKeys.empty') }}
        />
      </Card>
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          setCreated(c);
        }}
      />
      <KeyShownOnceDialog created={created} onClose={() => setCreated(null)} />
    </Space>
  );
}
