import { DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { FENCE_ALARM_ON_LABELS, FENCE_SHAPE_LABELS, type FenceItem, type FenceListQuery, type PageResult } from '@cvrisk/contracts';
import { Button, Dropdown, Empty, Popconfirm, Spin, Tag, Tooltip } from 'antd';
import { OwnerTag } from '../../components/OwnerTag';
import { PanelPager } from '../../components/PanelPager';
import { formatMetres } from '../../components/map/draw/geometry';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { FenceQuickSearch } from './FenceQuickSearch';

type Props = {
  data: PageResult<FenceItem> | undefined;
  loading: boolean;
  query: FenceListQuery;
  onSearch: (name: string | undefined) => void;
  onPage: (pageNumber: number, pageSize: number) => void;
  selectedId: number | null;
  onSelect: (fence: FenceItem) => void;
  canEdit: boolean;
  /** A fence is being drawn or edited: other edits wait. */
  busy: boolean;
  onCreate: (shape: 'circle' | 'polygon') => void;
  onEdit: (fence: FenceItem) => void;
  onDelete: (fence: FenceItem) => void;
  onBound: (fence: FenceItem) => void;
};

const ALARM_COLORS = { in: 'volcano', out: 'gold', both: 'magenta' } as const;

/** The left side of 电子围栏: search, the page of fences, and each fence's actions. */
export function FenceListPanel(p: Props) {
  const { t, lang } = useI18n();
  const items = p.data?.list ?? [];
  const size = (f: FenceItem) =>
    f.shape === 'circle' ? t('fence.radiusShort', { radius: formatMetres(f.geometry.radius, lang) }) : t('fence.vertices', { count: f.geometry.points.length });

  return (
    <>
      <div className="map-panel-head">
        <span className="map-panel-title">{t('fence.title')}</span>
        {p.canEdit && (
          <Dropdown
            disabled={p.busy}
            trigger={['click']}
            menu={{
              items: [
                { key: 'circle', label: t('fence.newCircle') },
                { key: 'polygon', label: t('fence.newPolygon') },
              ],
              onClick: ({ key }) => p.onCreate(key as 'circle' | 'polygon'),
            }}
          >
            <Button type="primary" icon={<PlusOutlined />}>
              {t('fence.new')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </div>
      <div className="map-panel-filters">
        <FenceQuickSearch key={p.query.name ?? ''} name={p.query.name} onSearch={p.onSearch} />
      </div>
      <Spin spinning={p.loading} classNames={{ root: 'map-panel-spin', container: 'map-panel-spin-body' }}>
        {items.length === 0 ? (
          <Empty
            className="map-panel-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={p.loading ? t('common.loading') : p.query.name ? t('common.emptyFiltered') : p.canEdit ? t('fence.emptyCanCreate') : t('fence.empty')}
          />
        ) : (
          <ul className="map-panel-list" aria-label={t('fence.title')}>
            {items.map((f) => (
              <li
                key={f.id}
                className={f.id === p.selectedId ? 'map-panel-item is-selected' : 'map-panel-item'}
                onClick={() => p.onSelect(f)}
                aria-current={f.id === p.selectedId || undefined}
              >
                <div className="map-panel-item-head">
                  <span className="map-panel-item-name" title={f.name}>
                    {f.name}
                  </span>
                  <OwnerTag own={f.own} deptName={f.deptName} />
                </div>
                <div className="map-panel-item-meta">
                  <Tag>{FENCE_SHAPE_LABELS[f.shape][lang]}</Tag>
                  <span>{size(f)}</span>
                  <Tag color={ALARM_COLORS[f.alarmOn]}>{t('fence.alarmTag', { on: FENCE_ALARM_ON_LABELS[f.alarmOn][lang] })}</Tag>
                </div>
                <div className="map-panel-item-actions" onClick={(e) => e.stopPropagation()}>
                  <Button type="link" size="small" onClick={() => p.onBound(f)}>
                    {t('fence.boundCount', { count: f.boundCount })}
                  </Button>
                  {p.canEdit && f.own && (
                    <>
                      <Button type="link" size="small" icon={<EditOutlined />} disabled={p.busy} onClick={() => p.onEdit(f)}>
                        {t('fence.edit')}
                      </Button>
                      <Popconfirm
                        title={t('fence.deleteTitle')}
                        description={t('fence.deleteConfirm', { name: f.name, count: f.boundCount })}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => p.onDelete(f)}
                      >
                        <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={p.busy}>
                          {t('fence.delete')}
                        </Button>
                      </Popconfirm>
                    </>
                  )}
                  {p.canEdit && !f.own && (
                    <Tooltip title={t('fence.sharedHint', { dept: f.deptName })}>
                      <Button type="link" size="small" icon={<EditOutlined />} disabled>
                        {t('fence.edit')}
                      </Button>
                    </Tooltip>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      {p.data && <PanelPager pageNumber={p.query.pageNumber} pageSize={p.query.pageSize} total={p.data.count} onPage={p.onPage} />}
    </>
  );
}
