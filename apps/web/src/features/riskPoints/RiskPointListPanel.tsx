import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { RISK_POINT_CATEGORY_LABELS, RiskPointCategories, type PageResult, type RiskPointItem, type RiskPointListQuery } from '@cvrisk/contracts';
import { Button, Empty, Input, Popconfirm, Segmented, Select, Spin } from 'antd';
import { OwnerTag } from '../../components/OwnerTag';
import { PanelPager } from '../../components/PanelPager';
import { hasFilters } from '../../lib/listQuery';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { RiskPointCategoryTag } from './RiskPointCategoryTag';
import type { RiskPointFilters } from './riskPoints.queries';

type Props = {
  data: PageResult<RiskPointItem> | undefined;
  loading: boolean;
  query: RiskPointListQuery;
  onSearch: (filters: RiskPointFilters) => void;
  onPage: (pageNumber: number, pageSize: number) => void;
  selectedId: number | null;
  onSelect: (point: RiskPointItem) => void;
  canEdit: boolean;
  /** A point is being added or edited: 新增 shows as active. */
  adding: boolean;
  onAdd: () => void;
  onEdit: (point: RiskPointItem) => void;
  onDelete: (point: RiskPointItem) => void;
};

type Owner = 'all' | 'own' | 'shared';

/** The left side of 风险点: filters (name, category, 我的/共享), the page of points and their actions. */
export function RiskPointListPanel(p: Props) {
  const { t, lang } = useI18n();
  const items = p.data?.list ?? [];
  const { name, category, owner } = p.query;
  const filters: RiskPointFilters = { name, category, owner };

  return (
    <>
      <div className="map-panel-head">
        <span className="map-panel-title">{t('riskPoint.title')}</span>
        {p.canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={p.onAdd} disabled={p.adding}>
            {t('riskPoint.add')}
          </Button>
        )}
      </div>
      <div className="map-panel-filters">
        <Input.Search
          key={name ?? ''}
          defaultValue={name}
          placeholder={t('riskPoint.searchName')}
          aria-label={t('riskPoint.searchName')}
          allowClear
          enterButton
          maxLength={50}
          onSearch={(v) => p.onSearch({ ...filters, name: v.trim() || undefined })}
        />
        <Select
          className="risk-filter-category"
          value={category}
          placeholder={t('riskPoint.allCategories')}
          aria-label={t('riskPoint.category')}
          allowClear
          options={RiskPointCategories.map((c) => ({ value: c, label: RISK_POINT_CATEGORY_LABELS[c][lang] }))}
          onChange={(c) => p.onSearch({ ...filters, category: c })}
        />
        <Segmented<Owner>
          value={owner ?? 'all'}
          options={[
            { value: 'all', label: t('riskPoint.ownerAll') },
            { value: 'own', label: t('owner.own') },
            { value: 'shared', label: t('owner.shared') },
          ]}
          onChange={(o) => p.onSearch({ ...filters, owner: o === 'all' ? undefined : o })}
        />
      </div>
      <Spin spinning={p.loading} classNames={{ root: 'map-panel-spin', container: 'map-panel-spin-body' }}>
        {items.length === 0 ? (
          <Empty
            className="map-panel-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={p.loading ? t('common.loading') : hasFilters(p.query) ? t('common.emptyFiltered') : t('riskPoint.empty')}
          />
        ) : (
          <ul className="map-panel-list" aria-label={t('riskPoint.title')}>
            {items.map((r) => (
              <li
                key={r.id}
                className={r.id === p.selectedId ? 'map-panel-item is-selected' : 'map-panel-item'}
                onClick={() => p.onSelect(r)}
                aria-current={r.id === p.selectedId || undefined}
              >
                <div className="map-panel-item-head">
                  <span className="map-panel-item-name" title={r.name}>
                    {r.name}
                  </span>
                  <RiskPointCategoryTag category={r.category} />
                </div>
                <div className="map-panel-item-meta risk-item-address" title={r.address}>
                  {r.address}
                </div>
                <div className="map-panel-item-meta">
                  <OwnerTag own={r.own} deptName={r.deptName} />
                  <span>{t('riskPoint.createdAt', { time: r.createTime })}</span>
                  {p.canEdit && r.own && (
                    <span className="risk-item-actions" onClick={(e) => e.stopPropagation()}>
                      <Button type="link" size="small" icon={<EditOutlined />} disabled={p.adding} onClick={() => p.onEdit(r)}>
                        {t('riskPoint.edit')}
                      </Button>
                      <Popconfirm
                        title={t('riskPoint.deleteTitle')}
                        description={t('riskPoint.deleteConfirm', { name: r.name })}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => p.onDelete(r)}
                      >
                        <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={p.adding}>
                          {t('riskPoint.delete')}
                        </Button>
                      </Popconfirm>
                    </span>
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
