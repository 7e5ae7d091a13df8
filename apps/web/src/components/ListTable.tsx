import type { PageResult } from '@cvrisk/contracts';
import { Empty, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useShell } from '../app/layout/ShellContext';
import { useI18n } from '../lib/i18n/I18nProvider';
import { PAGE_SIZE_OPTIONS } from '../lib/listQuery';
import type { Density } from './ListToolbar';
import './list.css';

export type ListColumn<T> = ColumnType<T> & { key: string; title: string; width: number; locked?: boolean };

/** What a screen may add to the shared table: batch selection, row marks, server-side sorting. */
export type ListTableExtras<T> = {
  className?: string;
  rowSelection?: TableProps<T>['rowSelection'];
  rowClassName?: (row: T) => string;
  /** A header's sort was clicked (the columns carry `sorter: true` and their `sortOrder`). */
  onSort?: (sorter: SorterResult<T>) => void;
  /** What an empty, unfiltered list means on this screen, and what the person can do about it. */
  emptyText?: string;
};

type Props<T> = ListTableExtras<T> & {
  rowKey: keyof T & string;
  columns: ListColumn<T>[];
  data: PageResult<T> | undefined;
  loading: boolean;
  pageNumber: number;
  pageSize: number;
  onPage: (pageNumber: number, pageSize: number) => void;
  density: Density;
  /** Whether filters are set, to say why the table is empty. */
  filtered: boolean;
};

/** A server-paged table: header pinned under the shell's header, key column fixed, paging bottom right. */
export function ListTable<T extends object>(props: Props<T>) {
  const { t } = useI18n();
  const { stickyOffset } = useShell();
  const width = props.columns.reduce((sum, c) => sum + c.width, 0);

  return (
    <Table<T>
      rowKey={props.rowKey}
      className={props.className}
      columns={props.columns}
      dataSource={props.data?.list}
      loading={props.loading}
      size={props.density}
      bordered
      rowSelection={props.rowSelection}
      rowClassName={props.rowClassName}
      onChange={(_page, _filters, sorter, extra) => {
        if (extra.action === 'sort') props.onSort?.((Array.isArray(sorter) ? sorter[0] : sorter) ?? {});
      }}
      sticky={{ offsetHeader: stickyOffset }}
      scroll={{ x: width }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.filtered ? t('common.emptyFiltered') : (props.emptyText ?? t('common.noData'))} />,
      }}
      pagination={{
        current: props.pageNumber,
        pageSize: props.pageSize,
        total: props.data?.count ?? 0,
        showSizeChanger: true,
        showQuickJumper: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS,
        showTotal: (total) => t('common.total', { total }),
        placement: ['bottomEnd'],
        onChange: props.onPage,
      }}
    />
  );
}
