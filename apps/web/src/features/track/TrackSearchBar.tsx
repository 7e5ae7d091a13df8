import { Button, DatePicker, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useIsMobile } from '../../app/layout/useIsMobile';
import type { DayRange } from '../../lib/filterValues';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { RANGE_PRESETS } from '../../lib/rangePresets';
import type { TrackSearch } from './track.queries';
import { tooLong, wholeDays } from './trackPeriod';

type Values = { deviceNumber: string; range: DayRange | null };

type Props = {
  search: TrackSearch;
  loading: boolean;
  onSearch: (search: TrackSearch) => void;
  /** The export buttons, at the row's end. */
  actions?: ReactNode;
};

const toValues = (s: TrackSearch): Values => ({ deviceNumber: s.deviceNumber, range: [dayjs(s.startTime), dayjs(s.endTime)] });

/**
 * Device number and the days to replay. Choosing days (a quick range, or two days on the calendar)
 * replays them at once when a device number is there; 查询 asks again, e.g. for a new device.
 */
export function TrackSearchBar({ search, loading, onSearch, actions }: Props) {
  const { t } = useI18n();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<Values>();
  const presets = useMemo(() => RANGE_PRESETS.map((p) => ({ label: t(p.label), value: p.value })), [t]);

  // The address bar is the source of truth: the back button and shared links refill the form.
  useEffect(() => {
    form.setFieldsValue(toValues(search));
  }, [form, search]);

  const submit = (v: Values) => {
    if (!v.range) return;
    onSearch({ deviceNumber: v.deviceNumber.trim(), ...wholeDays(v.range[0], v.range[1]) });
  };

  // Straight to the search, not through form.submit(): a validation started while the picker is still
  // settling its value is dropped by the form as out of date. Too long a range shows its rule's message.
  const rangeChosen = (changed: Partial<Values>, all: Values) => {
    if (changed.range && all.deviceNumber?.trim() && !tooLong(wholeDays(changed.range[0], changed.range[1]))) submit(all);
  };

  return (
    <Form form={form} layout="inline" className="track-search" initialValues={toValues(search)} onFinish={submit} onValuesChange={rangeChosen}>
      <Form.Item name="deviceNumber" label={t('track.deviceNumber')} rules={[{ required: true, whitespace: true, message: t('track.deviceRequired') }]}>
        <Input className="track-search-device" placeholder={t('track.deviceRequired')} allowClear maxLength={30} />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('track.period')}
        rules={[
          { required: true, message: t('track.periodRequired') },
          {
            validator: (_, value: DayRange | null) =>
              value && tooLong(wholeDays(value[0], value[1])) ? Promise.reject(new Error(t('track.periodTooLong'))) : Promise.resolve(),
          },
        ]}
      >
        <DatePicker.RangePicker
          className="track-search-range"
          classNames={{ popup: { root: 'track-range-popup' } }}
          presets={presets}
          allowClear={false}
          // A phone's keyboard would cover the calendar.
          inputReadOnly={isMobile}
          placeholder={[t('common.startDate'), t('common.endDate')]}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>
          {t('common.search')}
        </Button>
      </Form.Item>
      {actions && <div className="track-search-actions">{actions}</div>}
    </Form>
  );
}
