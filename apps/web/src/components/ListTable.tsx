import type { PageResult } from '@cvrisk/contracts';
import { Empty, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useRef } from 'react';
import { useShell } from '../app/layout/ShellContext';
import { useI18n } from '../lib/i18n/I18nProvider';
import { PAGE_SIZE_OPTIONS } from '../lib/listQuery';
import { useElementWidth } from '../lib/useElementWidth';
import { usePhone } from '../lib/usePhone';
import { ListCards } from './ListCards';
import type { Density } from './ListToolbar';
import './list.css';

/**
 * Where a column goes on a phone's card (ListCards): its heading, beside the heading (a state tag),
 * left off, or shown only when it holds something. By default the column pinned left heads the card,
 * the one pinned right gives its actions, and the others are its facts.
 */
export type CardRole = 'title' | 'extra' | 'hidden' | 'ifSet';

export type ListColumn<T> = ColumnType<T> & { key: string; title: string; width: number; locked?: boolean; card?: CardRole };

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

const sideOf = <T,>(c: ListColumn<T>) => (c.fixed === 'right' ? 'right' : c.fixed === 'left' || c.fixed === true ? 'left' : null);

/** The share of the table's frame that must stay for the columns that scroll under a pinned key column. */
const SCROLLING_SHARE = 0.6;

/**
 * Which columns stay pinned in a frame this wide. A table that fits keeps its columns as declared. One
 * that scrolls would have cells cut under a column pinned right (操作): that column goes back to the end
 * of the row; the key column stays pinned left (nothing is under it before a scroll) while it leaves
 * the others most of the frame, and scrolls with them when it would not.
 */
export function pinnedFitting<T>(columns: ListColumn<T>[], frame: number, selectionWidth = 0): ListColumn<T>[] {
  const total = columns.reduce((sum, c) => sum + c.width, selectionWidth);
  // Not measured yet (the first render), or everything fits.
  if (frame <= 0 || total <= frame) return columns;
  const left = columns.filter((c) => sideOf(c) === 'left').reduce((sum, c) => sum + c.width, selectionWidth);
  const keepLeft = frame - left >= frame * SCROLLING_SHARE;
  return columns.map((c) => (sideOf(c) === 'right' || (!keepLeft && sideOf(c) === 'left') ? { ...c, fixed: undefined } : c));
}

/**
 * A server-paged table: header pinned under the shell's header, key column fixed (while there is room
 * for the others), paging bottom right. On a phone, the same rows as cards.
 */
export function ListTable<T extends object>(props: Props<T>) {
  const { t } = useI18n();
  const { stickyOffset } = useShell();
  const phone = usePhone();
  const frame = useRef<HTMLDivElement>(null);
  const frameWidth = useElementWidth(frame);
  const selection = props.rowSelection;
  const selectionWidth = selection ? Number(selection.columnWidth ?? 32) : 0;
  const columns = useMemo(() => pinnedFitting(props.columns, frameWidth, selectionWidth), [props.columns, frameWidth, selectionWidth]);
  const width = props.columns.reduce((sum, c) => sum + c.width, 0);
  const emptyText = props.filtered ? t('common.emptyFiltered') : (props.emptyText ?? t('common.noData'));

  // With nothing pinned, the selection's check boxes scroll with the rows too.
  const pinsLeft = columns.some((c) => sideOf(c) === 'left');
  return (
    <div ref={frame} className="list-table-frame">
      {phone ? (
        <ListCards
          rowKey={props.rowKey}
          columns={props.columns}
          rows={props.data?.list}
          total={props.data?.count ?? 0}
          loading={props.loading}
          pageNumber={props.pageNumber}
          pageSize={props.pageSize}
          onPage={props.onPage}
          rowSelection={selection}
          rowClassName={props.rowClassName}
          emptyText={emptyText}
        />
      ) : (
        <Table<T>
          rowKey={props.rowKey}
          className={props.className}
          columns={columns}
          dataSource={props.data?.list}
          loading={props.loading}
          size={props.density}
          bordered
          rowSelection={selection && (pinsLeft ? selection : { ...selection, fixed: false })}
          rowClassName={props.rowClassName}
          onChange={(_page, _filters, sorter, extra) => {
            if (extra.action === 'sort') props.onSort?.((Array.isArray(sorter) ? sorter[0] : sorter) ?? {});
          }}
          sticky={{ offsetHeader: stickyOffset }}
          scroll={{ x: width }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
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
      )}
    </div>
  );
}
