import { DEAL_STATUS_LABELS, type WarningListItem, type WarningListQuery } from '@cvrisk/contracts';
import { Button, Space, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import type { SortOrder } from 'antd/es/table/interface';
import type { ListColumn } from '../../components/ListTable';
import { RiskLevelTag } from '../../components/StatusTags';
import { textColumnOf } from '../../components/textColumn';
import type { Lang, Translate } from '../../lib/i18n/translate';
import { portraitPath } from '../../lib/portraitLinks';

type Column = ListColumn<WarningListItem>;

const textColumn = textColumnOf<WarningListItem>();
/** Open warnings want attention; handled ones are history. */
export const DEAL_STATUS_COLORS = { 0: 'gold', 1: 'green' } as const;

type Actions = {
  canHandle: boolean;
  onHandle: (w: WarningListItem) => void;
  onDetail: (w: WarningListItem) => void;
  typeName: (code: number) => string | undefined;
  sort: Pick<WarningListQuery, 'sortField' | 'sortOrder'>;
};

const sortOrderOf = (field: 'warningTime' | 'riskLevel', s: Actions['sort']): SortOrder => {
  const active = (s.sortField ?? 'warningTime') === field;
  if (!active) return null;
  return (s.sortOrder ?? 'desc') === 'desc' ? 'descend' : 'ascend';
};

export function warningColumns(t: Translate, lang: Lang, a: Actions): Column[] {
  return [
    textColumn('deviceNumber', t('warnings.deviceNumber'), 150, { fixed: 'left', locked: true }),
    { ...textColumn('warningTypeName', t('warnings.warningType'), 130), render: (_, r) => a.typeName(r.warningType) ?? r.warningTypeName },
    {
      key: 'riskLevel',
      dataIndex: 'riskLevel',
      title: t('warnings.riskLevel'),
      width: 120,
      align: 'center',
      sorter: true,
      sortOrder: sortOrderOf('riskLevel', a.sort),
      sortDirections: ['descend', 'ascend'],
      render: (_, r) => (
        <Space size={2}>
          <RiskLevelTag level={r.riskLevel} />
          {r.compound && (
            <Tooltip title={t('warnings.compoundHint')}>
              <Tag color="magenta">{t('warnings.compound')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'dealStatus',
      dataIndex: 'dealStatus',
      title: t('warnings.dealStatus'),
      width: 90,
      align: 'center',
      render: (_, r) => <Tag color={DEAL_STATUS_COLORS[r.dealStatus]}>{DEAL_STATUS_LABELS[r.dealStatus][lang]}</Tag>,
    },
    {
      ...textColumn('warningTime', t('warnings.warningTime'), 170),
      sorter: true,
      sortOrder: sortOrderOf('warningTime', a.sort),
      sortDirections: ['descend', 'ascend'],
    },
    {
      ...textColumn('customerName', t('warnings.customerName'), 96),
      // The customer's portrait, found through the warning's device: whom to call, and what else their car did.
      render: (_, r) =>
        r.customerName ? (
          <Link to={portraitPath({ deviceNumber: r.deviceNumber })} onClick={(e) => e.stopPropagation()}>{r.customerName}</Link>
        ) : (
          '—'
        ),
    },
    textColumn('customerPhone', t('warnings.customerPhone'), 120),
    textColumn('plateNumber', t('warnings.plateNumber'), 100),
    textColumn('deptName', t('warnings.dealer'), 170),
    textColumn('dealUserName', t('warnings.dealUserName'), 90),
    textColumn('dealTime', t('warnings.dealTime'), 165),
    textColumn('dealDescription', t('warnings.dealDescription'), 180),
    {
      key: 'action',
      title: t('common.action'),
      width: 110,
      fixed: 'right',
      locked: true,
      render: (_, r) => (
        <Space size={0}>
          {a.canHandle && r.dealStatus === 0 && (
            <Button type="link" size="small" onClick={() => a.onHandle(r)}>
              {t('warnings.handle')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => a.onDetail(r)}>
            {t('warnings.detail')}
          </Button>
        </Space>
      ),
    },
  ];
}
