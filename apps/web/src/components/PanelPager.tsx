import { Pagination } from 'antd';
import { useI18n } from '../lib/i18n/I18nProvider';

type Props = {
  pageNumber: number;
  pageSize: number;
  total: number;
  onPage: (pageNumber: number, pageSize: number) => void;
};

/** The small pager at the foot of a map side panel (fences, risk points): no size changer, there is no room. */
export function PanelPager(p: Props) {
  const { t } = useI18n();
  return (
    <div className="map-panel-foot">
      <Pagination
        size="small"
        current={p.pageNumber}
        pageSize={p.pageSize}
        total={p.total}
        showSizeChanger={false}
        showTotal={(total) => t('common.total', { total })}
        onChange={p.onPage}
      />
    </div>
  );
}
