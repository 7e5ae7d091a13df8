import { COMMAND_LABELS, type CommandItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CommandStateTag } from '../../components/StatusTags';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { describeParams } from './commandParams';
import { commandHistoryQuery } from './positions.queries';

/** The device's last commands, newest first, polled while the drawer is open so 已发送 turns into 已应答 on screen. */
export function CommandHistory({ deviceNumber }: { deviceNumber: string }) {
  const { t, lang } = useI18n();
  const history = useQuery(commandHistoryQuery(deviceNumber));

  const columns: ColumnsType<CommandItem> = [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('command.time'), width: 162, className: 'nowrap' },
    {
      key: 'command',
      title: t('command.command'),
      ellipsis: { showTitle: false },
      render: (_, c) => {
        const params = describeParams(c, t, lang);
        return (
          <Tooltip title={params || undefined}>
            <div>
              <div>{COMMAND_LABELS[c.command][lang]}</div>
              {params && <Typography.Text type="secondary" className="command-params">{params}</Typography.Text>}
            </div>
          </Tooltip>
        );
      },
    },
    {
      key: 'state',
      title: t('command.state'),
      width: 84,
      align: 'center',
      render: (_, c) => (
        <Tooltip title={c.sentAt ? t('command.sentAt', { time: c.sentAt }) : t('command.waiting')}>
          <span>
            <CommandStateTag state={c.state} />
          </span>
        </Tooltip>
      ),
    },
    {
      key: 'reply',
      title: t('command.reply'),
      width: 210,
      render: (_, c) => (
        <>
          <div className="command-reply">{orDash(c.reply)}</div>
          {c.answeredAt && <Typography.Text type="secondary" className="command-params">{t('command.answeredAt', { time: c.answeredAt })}</Typography.Text>}
        </>
      ),
    },
  ];

  return (
    <>
      {history.isError && <Alert type="warning" showIcon title={t('command.historyFailed')} className="command-history-error" />}
      <Table<CommandItem>
        rowKey="id"
        size="small"
        bordered
        tableLayout="fixed"
        columns={columns}
        dataSource={history.data}
        loading={history.isPending && !history.isError}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('command.historyEmpty')} /> }}
      />
    </>
  );
}
