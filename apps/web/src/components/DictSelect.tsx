import { DatePicker, Select } from 'antd';
import type { ComponentProps } from 'react';
import { useI18n } from '../lib/i18n/I18nProvider';
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

/** A from–to date-time filter filling its cell; Form.Item gives it value and onChange. */
export function TimeRangeInput(props: Omit<ComponentProps<typeof DatePicker.RangePicker>, 'showTime' | 'placeholder'>) {
  const { t } = useI18n();
  return <DatePicker.RangePicker showTime className="full-width" placeholder={[t('common.startTime'), t('common.endTime')]} {...props} />;
}
