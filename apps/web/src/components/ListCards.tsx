import { Card, Checkbox, Empty, Pagination, Skeleton, Spin } from 'antd';
import type { TableProps } from 'antd';
import { isValidElement, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n/I18nProvider';
import { PAGE_SIZE_OPTIONS } from '../lib/listQuery';
import { CardFacts } from './CardFacts';
import type { ListColumn } from './ListTable';

type Props<T> = {
  rowKey: keyof T & string;
  columns: ListColumn<T>[];
  rows: T[] | undefined;
  total: number;
  loading: boolean;
  pageNumber: number;
  pageSize: number;
  onPage: (pageNumber: number, pageSize: number) => void;
  rowSelection?: TableProps<T>['rowSelection'];
  rowClassName?: (row: T) => string;
  emptyText: string;
};

/** What a cell shows, as the table would draw it (its render, or the plain value). */
function cellOf<T>(column: ListColumn<T>, row: T, index: number): ReactNode {
  const value = typeof column.dataIndex === 'string' ? (row as Record<string, unknown>)[column.dataIndex] : undefined;
  const out: unknown = column.render ? column.render(value, row, index) : value;
  // A render may answer `{ children, props }` (cell spans): the card wants the children.
  if (out !== null && typeof out === 'object' && !isValidElement(out) && 'children' in out) return (out as { children: ReactNode }).children;
  return out as ReactNode;
}

/** A bare number (an order's) says what it is only with its column's name. */
function CardTitle<T>({ column, value }: { column: ListColumn<T>; value: ReactNode }) {
  if (typeof value !== 'number' && !(typeof value === 'string' && /^\d{1,8}$/.test(value))) return value;
  return (
    <>
      <span className="list-card-title-label">{column.title}</span>
      {value}
    </>
  );
}

/** A figure that is there: 0, an empty text or a dash says nothing on a card of key facts. */
const isSet = (v: ReactNode) => v !== null && v !== undefined && v !== false && v !== 0 && v !== '' && v !== '-';

/**
 * How the columns fall on a card: the key column (`card: 'title'`, else the one pinned left) heads it,
 * `card: 'extra'` sits at its right (a state tag), the column pinned right (操作) is its actions, and the
 * rest are its facts, label and value, unless marked `card: 'hidden'` (or `'ifSet'` and empty).
 */
export function cardLayout<T>(columns: ListColumn<T>[]) {
  const title = columns.find((c) => c.card === 'title') ?? columns.find((c) => c.fixed === 'left' || c.fixed === true) ?? columns[0];
  const actions = columns.find((c) => c.fixed === 'right' && c !== title);
  const extra = columns.filter((c) => c.card === 'extra');
  const facts = columns.filter((c) => c !== title && c !== actions && c.card !== 'extra' && c.card !== 'hidden');
  return { title, actions, extra, facts };
}

/**
 * A list page on a phone: one card per row, made from the table's own columns (so every list screen has
 * it), with paging under the cards. A screen with batch selection gets a check box on each card.
 */
export function ListCards<T extends object>(props: Props<T>) {
  const { t } = useI18n();
  const { title, actions, extra, facts } = cardLayout(props.columns);
  const selection = props.rowSelection;
  const chosen = new Set(selection?.selectedRowKeys ?? []);
  const rows = props.rows ?? [];
  const keyOf = (row: T) => row[props.rowKey] as React.Key;

  const toggle = (row: T, on: boolean) => {
    const keys = on ? [...chosen, keyOf(row)] : [...chosen].filter((k) => k !== keyOf(row));
    // As the table answers: the rows of this page that are chosen (a screen keeps those of other pages itself).
    const picked = rows.filter((r) => keys.includes(keyOf(r)));
    selection?.onChange?.(keys, picked, { type: 'single' });
  };

  let body: ReactNode;
  if (props.rows === undefined) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (rows.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} />;
  else
    body = (
      <Spin spinning={props.loading}>
        <ul className="list-cards">
          {rows.map((row, i) => {
            const shown = facts
              .map((c) => [c, cellOf(c, row, i)] as const)
              .filter(([c, v]) => c.card !== 'ifSet' || isSet(v))
              .map(([c, v]): [string, ReactNode] => [c.title, v]);
            const box = selection && (
              <Checkbox
                checked={chosen.has(keyOf(row))}
                disabled={selection.getCheckboxProps?.(row)?.disabled}
                onChange={(e) => toggle(row, e.target.checked)}
                aria-label={t('list.select')}
              />
            );
            return (
              <li key={String(keyOf(row))} className={props.rowClassName?.(row)}>
                <Card
                  size="small"
                  className="list-card-item"
                  title={
                    <span className="list-card-title">
                      {box}
                      {title && <CardTitle column={title} value={cellOf(title, row, i)} />}
                    </span>
                  }
                  extra={extra.length > 0 && <span className="list-card-extra">{extra.map((c) => <span key={c.key}>{cellOf(c, row, i)}</span>)}</span>}
                  actions={actions ? [<div key="actions" className="list-card-actions">{cellOf(actions, row, i)}</div>] : undefined}
                >
                  <CardFacts facts={shown} labelWidth="6.5em" />
                </Card>
              </li>
            );
          })}
        </ul>
      </Spin>
    );

  return (
    <div className="list-cards-frame">
      {body}
      {/* No 共 0 条 before the server has answered: a count is shown only once there is one. */}
      {props.rows !== undefined && (
        <Pagination
          className="list-cards-pager"
          size="small"
          simple
          current={props.pageNumber}
          pageSize={props.pageSize}
          total={props.total}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          showTotal={(total) => t('common.total', { total })}
          onChange={props.onPage}
          hideOnSinglePage={false}
        />
      )}
    </div>
  );
}
