import { warningTypeName, type WeekWarningItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { warningDetailPath } from '../../lib/warningLinks';
import { DealStatusTag, RiskLevelTag } from '../../components/StatusTags';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { HomeCard } from './HomeCard';
import { warningListWeekQuery } from './home.queries';

function useColumns(): ColumnsType<WeekWarningItem> {
  const { t, lang } = useI18n();
  return [
    { title: t('home.col.type'), dataIndex: 'warningType', width: 112, ellipsis: true, render: (v: WeekWarningItem['warningType']) => warningTypeName(v, lang) },
    { title: t('home.col.device'), dataIndex: 'deviceNumber', width: 136, ellipsis: true },
    { title: t('home.col.customer'), dataIndex: 'customerName', ellipsis: true, render: (v: string | null) => orDash(v) },
    {
      title: t('home.col.level'),
      dataIndex: 'riskLevel',
      width: 80,
      render: (v: WeekWarningItem['riskLevel']) => <RiskLevelTag level={v} />,
    },
    {
      title: t('home.col.status'),
      dataIndex: 'dealStatus',
      width: 80,
      render: (v: WeekWarningItem['dealStatus']) => <DealStatusTag status={v} />,
    },
    { title: t('home.col.time'), dataIndex: 'warningTime', width: 156 },
  ];
}

/** This week's newest warnings of the scope; a row opens its detail. */
export function WeekWarningCard() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const query = useQuery(warningListWeekQuery());
  const columns = useColumns();
  const week = query.data;
  return (
    <HomeCard
      title={t('home.weekList')}
      query={query}
      minHeight={340}
      extra={week && week.count > 0 && <Typography.Text type="secondary">{t('home.weekCount', { count: week.count.toLocaleString(), shown: week.list.length })}</Typography.Text>}
      empty={(w) => (w.list.length === 0 ? t('home.weekEmpty') : null)}
    >
      {(w) => (
        <Table<WeekWarningItem>
          className="home-week-table"
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={w.list}
          pagination={false}
          scroll={{ x: 640 }}
          onRow={(row) => ({ onClick: () => navigate(warningDetailPath(row)) })}
        />
      )}
    </HomeCard>
  );
}
