import { orDash } from '../lib/format';
import type { ListColumn } from './ListTable';

/** Plain-text columns are the bulk of every list: one-line, cut with an ellipsis, a dash when empty. */
export function textColumnOf<T>() {
  return (key: keyof T & string, title: string, width: number, extra: Partial<ListColumn<T>> = {}): ListColumn<T> => ({
    key,
    dataIndex: key,
    title,
    width,
    ellipsis: true,
    render: (v: string | null) => orDash(v),
    ...extra,
  });
}
