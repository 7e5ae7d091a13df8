import { useQuery } from '@tanstack/react-query';
import { warningTypeName, type CarWarningTypeCount } from '@cvrisk/contracts';
import { Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { carWarningCountQuery } from './warningDetail.queries';

/** 该车预警统计: how often this car has warned, by type, and how many are still open (getWarningCountByCarid). */
export function CarWarningCounts({ carid }: { carid: number }) {
  const { t, lang } = useI18n();
  const counts = useQuery(carWarningCountQuery(carid));
  if (counts.isError) return null;
  const rows = (counts.data?.list ?? []).filter((r) => r.total > 0);
  const columns: TableColumnsType<CarWarningTypeCount> = [
    { title: t('carCounts.type'), dataIndex: 'warningType', render: (code: CarWarningTypeCount['warningType']) => warningTypeName(code, lang), ellipsis: true },
    { title: t('carCounts.all'), dataIndex: 'total', width: 70, align: 'right' },
    { title: t('carCounts.open'), dataIndex: 'unhandled', width: 70, align: 'right', render: (n: number) => (n > 0 ? <Typography.Text type="danger" strong>{n}</Typography.Text> : n) },
  ];

  return (
    <Card
      size="small"
      className="wd-card"
      title={t('carCounts.title')}
      loading={counts.isPending}
      extra={
        counts.data && (
          <Space size={4}>
            <Tag>{t('carCounts.total', { count: counts.data.total })}</Tag>
            <Tag color={counts.data.unhandled > 0 ? 'red' : undefined}>{t('carCounts.unhandled', { count: counts.data.unhandled })}</Tag>
          </Space>
        )
      }
    >
      <Table<CarWarningTypeCount>
        rowKey="warningType"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('carCounts.none') }}
      />
    </Card>
  );
}
