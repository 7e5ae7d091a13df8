import { DatePicker, Select } from 'antd';
import type { ComponentProps } from 'react';
import { useI18n } from '../lib/i18n/I18nProvider';
import { RANGE_PRESETS, type RangePreset } from '../lib/rangePresets';
import type { Lang } from '../lib/i18n/translate';

/** A dictionary entry as the server's type dictionaries give it: a code and its names. */
export type DictItem = { code: number; name: string; nameEn: string };

/** An entry's name in the console's language. */
export const dictName = (x: DictItem, lang: Lang) => (lang === 'zh' ? x.name : x.nameEn);

type SelectProps = Omit<ComponentProps<typeof Select<number>>, 'options' | 'loading'>;

/** A filter select over a server dictionary (warning types, alarm types), searchable by name in the current language. */
export function DictSelect({ items, loading, ...rest }: SelectProps & { items: readonly DictItem[] | undefined; loading: boolean }) {
  const { t, lang } = useI18n();
  return (
    <Select<number>
      placeholder={t('common.placeholderSelect')}
      allowClear
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      options={(items ?? []).map((x) => ({ value: x.code, label: dictName(x, lang) }))}
      {...rest}
    />
  );
}

type RangeProps = Omit<ComponentProps<typeof DatePicker.RangePicker>, 'showTime' | 'placeholder' | 'presets'> & {
  /** Ranges this filter offers before the common ones (今天 … 上月), which every range filter has. */
  presets?: readonly RangePreset[];
};

/** The filter's own quick ranges, then the common ones it does not already name. */
function usePresets(own: readonly RangePreset[] = []) {
  const { t } = useI18n();
  const labels = own.map((p) => t(p.label));
  const common = RANGE_PRESETS.filter((p) => !labels.includes(t(p.label)));
  return [...own, ...common].map((p) => ({ label: t(p.label), value: p.value }));
}

type Range = Parameters<NonNullable<RangeProps['onChange']>>[0];

/** Days picked on the calendar arrive as two midnights: the range means the whole of the last day. */
export function throughLastDay(range: Range): Range {
  const end = range?.[1];
  if (!range || !end || !end.isSame(end.startOf('day'))) return range;
  return [range[0], end.endOf('day').millisecond(0)];
}

/**
 * A from–to date-time filter filling its cell; Form.Item gives it value and onChange. It shows two
 * months as a day range does (antd shows one when it has time columns): days picked on the calendar
 * run from the first one's 00:00 to the last one's 23:59:59, a quick range keeps its times (最近1小时),
 * and a time typed into the box is kept.
 */
export function TimeRangeInput({ presets, onChange, ...props }: RangeProps) {
  const { t } = useI18n();
  return (
    <DatePicker.RangePicker
      format="YYYY-MM-DD HH:mm:ss"
      className="full-width"
      placeholder={[t('common.startTime'), t('common.endTime')]}
      presets={usePresets(presets)}
      onChange={(range, text) => onChange?.(throughLastDay(range), text)}
      {...props}
    />
  );
}

/** A from–to day filter filling its cell. */
export function DayRangeInput({ presets, ...props }: RangeProps) {
  const { t } = useI18n();
  return <DatePicker.RangePicker className="full-width" placeholder={[t('common.startDate'), t('common.endDate')]} presets={usePresets(presets)} {...props} />;
}
