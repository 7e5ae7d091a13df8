import { DesktopOutlined } from '@ant-design/icons';
import type { SessionItem } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, List, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { ACCOUNT_KEY, endSession, mySessionsQuery } from './account.queries';

/** One's sessions that still hold, the current one first and tagged; any other can be ended here. */
export function MySessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const sessions = useQuery({ ...mySessionsQuery(), enabled: open });
  const end = useMutation({
    mutationFn: endSession,
    onSuccess: ({ msg }) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [ACCOUNT_KEY, 'sessions'] });
    },
  });
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((s) => !s.current).length;

  const item = (s: SessionItem) => (
    <List.Item
      key={s.id}
      actions={
        s.current
          ? []
          : [
              <Popconfirm key="end" title={t('account.sessions.endConfirm')} onConfirm={() => end.mutate(s.id)}>
                <Button size="small" danger loading={end.isPending && end.variables === s.id}>
                  {t('account.sessions.end')}
                </Button>
              </Popconfirm>,
            ]
      }
    >
      <List.Item.Meta
        avatar={<DesktopOutlined style={{ fontSize: 20, marginTop: 4 }} />}
        title={
          <Space size={6} wrap>
            <span>{s.browser || t('account.sessions.unknownBrowser')}</span>
            {s.current && <Tag color="green">{t('account.sessions.current')}</Tag>}
          </Space>
        }
        description={
          <div style={{ display: 'flex', flexDirection: 'column' }}>
            <Typography.Text type="secondary">{s.ip || t('account.sessions.unknownIp')}</Typography.Text>
            <Typography.Text type="secondary">
              {t('account.sessions.createdAt')} {s.createdAt}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('account.sessions.lastSeenAt')} {s.lastSeenAt}
            </Typography.Text>
          </div>
        }
      />
    </List.Item>
  );

  return (
    <Modal open={open} title={t('account.sessions.title')} onCancel={onClose} footer={null} width={560} destroyOnHidden>
      <Alert type="info" showIcon title={t('account.sessions.hint')} style={{ marginBottom: 8 }} />
      <List loading={sessions.isLoading} dataSource={list} renderItem={item} className="account-sessions" />
      {sessions.isSuccess && others === 0 && <Typography.Text type="secondary">{t('account.sessions.empty')}</Typography.Text>}
    </Modal>
  );
}
