import { FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import type { WarningListItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Drawer, Empty, Form, Pagination, Skeleton, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { FiltersUnfolded } from '../../components/FilterForm';
import { listPageQuery } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { hasFilters } from '../../lib/listQuery';
import { useListQuery } from '../../lib/useListQuery';
import { WarningCards } from './WarningCards';
import { WarningFilterForm } from './WarningFilterForm';
import type { WarningFilterValues } from './warningFilters';
import { formToView, viewToForm, WarningListViewSchema } from './warningListView';
import { fetchWarningPage, WARNINGS_KEY } from './warnings.queries';

type Props = {
  canHandle: boolean;
  typeName: (w: WarningListItem) => string;
  onHandle: (w: WarningListItem) => void;
  onDetail: (w: WarningListItem) => void;
};

/**
 * 风险预警 on a phone: the title on one line with 筛选 (the same filters, in a drawer, the count of
 * those set on the button) and refresh beside it, the warnings as cards, and paging under them.
 * The address bar holds the filters and page exactly as the table's screen does.
 */
export function WarningPhoneList({ canHandle, typeName, onHandle, onDetail }: Props) {
  const { t } = useI18n();
  const { query, search, page } = useListQuery(WarningListViewSchema);
  const list = useQuery(listPageQuery(WARNINGS_KEY, fetchWarningPage, query));
  const [form] = Form.useForm<WarningFilterValues>();
  const [filtering, setFiltering] = useState(false);
  const values = viewToForm(query);
  const setCount = Object.values(values).filter((v) => v !== undefined && v !== '').length;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(viewToForm(query));
  }, [form, query]);

  const rows = list.data?.list ?? [];
  return (
    <div className="warning-phone">
      <div className="warning-phone-bar">
        <h2 className="warning-phone-title">{t('warnings.title')}</h2>
        <Badge count={setCount} size="small">
          <Button icon={<FilterOutlined />} onClick={() => setFiltering(true)}>
            {t('warnings.filters')}
          </Button>
        </Badge>
        <Button type="text" icon={<ReloadOutlined spin={list.isFetching} />} onClick={() => void list.refetch()} aria-label={t('common.refresh')} />
      </div>
      <Drawer title={t('warnings.filters')} open={filtering} onClose={() => setFiltering(false)} placement="right" size="88%" forceRender className="warning-phone-filters">
        <FiltersUnfolded value>
          <WarningFilterForm
            form={form}
            loading={list.isFetching}
            onSearch={(v) => {
              if (!search(formToView(v, query))) void list.refetch();
              setFiltering(false);
            }}
            onReset={() => {
              search({});
              setFiltering(false);
            }}
          />
        </FiltersUnfolded>
      </Drawer>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={hasFilters(query) ? t('common.emptyFiltered') : t('common.noData')} />
      ) : (
        <Spin spinning={list.isPlaceholderData && list.isFetching}>
          <WarningCards rows={rows} canHandle={canHandle} typeName={typeName} onHandle={onHandle} onDetail={onDetail} />
        </Spin>
      )}
      <Pagination
        className="warning-phone-pager"
        size="small"
        simple
        current={query.pageNumber}
        pageSize={query.pageSize}
        total={list.data?.count ?? 0}
        showTotal={(total) => t('common.total', { total })}
        onChange={page}
        hideOnSinglePage={false}
      />
    </div>
  );
}
