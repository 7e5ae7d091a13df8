import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Form, Input, Select, type FormRule } from 'antd';
import { useMemo, type ReactNode } from 'react';
import {
  rangeToTimes, text, timeRangeToTimes, timesToRange, timesToTimeRange, type DayRange, type TimeRange,
} from '../lib/filterValues';
import { orDash } from '../lib/format';
import type { RangePreset } from '../lib/rangePresets';
import { useI18n } from '../lib/i18n/I18nProvider';
import type { Lang, MessageKey, Translate } from '../lib/i18n/translate';
import { DeptTreeSelect } from './DeptTreeSelect';
import { DayRangeInput, TimeRangeInput } from './DictSelect';
import { FilterForm, WideField } from './FilterForm';
import type { FilterFormProps } from './ListScreen';
import type { ListColumn } from './ListTable';

/** How a field is filtered: the form control, and how its value goes to the address bar and back. */
export type FieldFilter =
  | { type: 'text'; maxLength: number; upperCase?: boolean; inputMode?: 'numeric'; rule?: TextRule }
  /** `searchable`: a long list of options (the audit log's actions) is filtered by typing part of a label. */
  | { type: 'select'; options: (lang: Lang) => SelectOption[]; searchable?: boolean }
  /** Options from the server (car brands, alarm types), searchable by label; made by `selectFromQuery`. */
  | { type: 'querySelect'; useOptions: (lang: Lang) => { options: SelectOption[]; loading: boolean } }
  | { type: 'dept' }
  /** A day range held in the query as two times, from 00:00:00 to 23:59:59. */
  | { type: 'dayRange'; start: string; end: string; presets?: TimePreset[] }
  /** A date-time range held in the query as two times to the second; two cells wide in the form. */
  | { type: 'timeRange'; start: string; end: string; presets?: TimePreset[] };

export type SelectOption = { value: string | number; label: string };

/** A check of what was typed, made as the user types; an empty text always passes. */
export type TextRule = { test: (value: string) => boolean; message: MessageKey };

/** A quick pick of the range; a function, so that "the last hour" means the hour before the click. */
export type TimePreset = RangePreset;

/** How a field is shown as a column; text with a dash when empty unless `render` says otherwise. */
export type FieldColumn<T> = Omit<Partial<ListColumn<T>>, 'title' | 'render'> & {
  width: number;
  /** The header, when it is not the filter's label (a shorter word, say). */
  title?: MessageKey;
  /** A header that is data rather than a console word (a warning type's name), in the console's language. */
  heading?: string;
  render?: (row: T) => ReactNode;
};

/**
 * One field of a list screen: its filter, its column, or both, from one declaration. The screen's
 * form, its address-bar mapping, its table and its export (which sends the same filters) follow.
 * Where the form and the table order a field differently, it is declared twice under one name:
 * once with its filter only, once with its column only.
 */
export type ListField<T> = {
  name: string;
  label: MessageKey;
  filter?: FieldFilter;
  column?: FieldColumn<T>;
};

type Values = Record<string, unknown>;

/** A select whose options a query loads when the form shows it; the select says it is loading meanwhile. */
export function selectFromQuery<D, K extends QueryKey>(
  query: () => UseQueryOptions<D, Error, D, K>,
  toOptions: (data: D, lang: Lang) => SelectOption[],
): FieldFilter {
  return {
    type: 'querySelect',
    useOptions: (lang) => {
      const { data, isPending } = useQuery(query());
      const options = useMemo(() => (data === undefined ? [] : toOptions(data, lang)), [data, lang]);
      return { options, loading: isPending };
    },
  };
}

/** The form rules of a filter: its text rule, with its message in the console's language. */
export function rulesOf(filter: FieldFilter, t: Translate): FormRule[] {
  if (filter.type !== 'text' || !filter.rule) return [];
  const { test, message } = filter.rule;
  return [{ validator: (_, v: string | undefined) => (!v || test(v) ? Promise.resolve() : Promise.reject(new Error(t(message)))) }];
}

/** The form's values from the address bar's query. */
export function formValuesOf<T>(fields: ListField<T>[], query: object): Values {
  const q = query as Record<string, string | undefined>;
  const values: Values = {};
  for (const { name, filter } of fields) {
    if (!filter) continue;
    if (filter.type === 'dayRange') values[name] = timesToRange(q[filter.start], q[filter.end]);
    else if (filter.type === 'timeRange') values[name] = timesToTimeRange(q[filter.start], q[filter.end]);
    else values[name] = q[name];
  }
  return values;
}

/** The query (for the address bar, the list call and the export) from the form's values. */
export function queryOfForm<T>(fields: ListField<T>[], values: Values): Values {
  const query: Values = {};
  for (const { name, filter } of fields) {
    if (!filter) continue;
    const v = values[name];
    if (filter.type === 'text') {
      const trimmed = text(v as string | undefined);
      query[name] = filter.upperCase ? trimmed?.toUpperCase() : trimmed;
    } else if (filter.type === 'dayRange') {
      const { start, end } = rangeToTimes(v as DayRange | null | undefined);
      query[filter.start] = start;
      query[filter.end] = end;
    } else if (filter.type === 'timeRange') {
      const { start, end } = timeRangeToTimes(v as TimeRange | null | undefined);
      query[filter.start] = start;
      query[filter.end] = end;
    } else query[name] = v;
  }
  return query;
}

/** Form.Item hands its child `id`, `value` and `onChange`: they go on to the control. */
type Control = { filter: FieldFilter; [injected: string]: unknown };

function FilterControl({ filter, ...item }: Control) {
  const { t, lang } = useI18n();
  switch (filter.type) {
    case 'text':
      return <Input {...item} placeholder={t('common.placeholderInput')} allowClear maxLength={filter.maxLength} inputMode={filter.inputMode} />;
    case 'select':
      return (
        <Select
          {...item} placeholder={t('common.placeholderSelect')} allowClear options={filter.options(lang)}
          showSearch={filter.searchable ? { optionFilterProp: 'label' } : undefined}
        />
      );
    case 'querySelect':
      return <QuerySelect {...item} useOptions={filter.useOptions} />;
    case 'dept':
      return <DeptTreeSelect {...item} />;
    case 'dayRange':
      return <DayRangeInput {...item} presets={filter.presets} />;
    case 'timeRange':
      return <TimeRangeInput {...item} presets={filter.presets} />;
  }
}

type QuerySelectProps = { useOptions: (lang: Lang) => { options: SelectOption[]; loading: boolean }; [injected: string]: unknown };

function QuerySelect({ useOptions, ...item }: QuerySelectProps) {
  const { t, lang } = useI18n();
  const { options, loading } = useOptions(lang);
  return (
    <Select {...item} placeholder={t('common.placeholderSelect')} allowClear loading={loading} options={options} showSearch={{ optionFilterProp: 'label' }} />
  );
}

/** The filter block of a list, one control per field that has a filter, in the fields' order. */
export function FieldFilterForm<T, V>({ fields, ...form }: FilterFormProps<V> & { fields: ListField<T>[]; labelWidth?: number }) {
  const { t } = useI18n();
  return (
    <FilterForm {...form}>
      {fields.flatMap(({ name, label, filter }) => {
        if (!filter) return [];
        const item = (
          <Form.Item key={name} name={name} label={t(label)} rules={rulesOf(filter, t)}>
            <FilterControl filter={filter} />
          </Form.Item>
        );
        // Two full date-times do not fit one cell of the grid.
        return [filter.type === 'timeRange' ? <WideField key={name}>{item}</WideField> : item];
      })}
    </FilterForm>
  );
}

/** The table's columns, one per field that has a column, in the fields' order. */
export function columnsOf<T>(fields: ListField<T>[], t: Translate): ListColumn<T>[] {
  return fields.flatMap(({ name, label, column }) => {
    if (!column) return [];
    const { title, heading, render, ...rest } = column;
    const header = heading ?? t(title ?? label);
    const shown: ListColumn<T> = render
      ? { key: name, dataIndex: name, title: header, render: (_, row) => render(row), ...rest }
      : { key: name, dataIndex: name, title: header, ellipsis: true, render: (v: string | null) => orDash(v), ...rest };
    return [shown];
  });
}
