import { Button, DatePicker, Form, Input, Radio } from 'antd';
import dayjs from 'dayjs';
import { useEffect, type ReactNode } from 'react';
import type { TimeRange } from '../../lib/filterValues';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { TrackSearch } from './track.queries';
import { PERIOD_PRESETS, periodProblem, presetOf, presetPeriod, TIME_FORMAT, type PeriodPreset } from './trackPeriod';

type Values = { deviceNumber: string; range: TimeRange | null };

type Props = {
  search: TrackSearch;
  loading: boolean;
  onSearch: (search: TrackSearch) => void;
  /** The export buttons, at the row's end. */
  actions?: ReactNode;
};

/** To the minute on screen, so the row fits a laptop; the search keeps the seconds (23:59:59). */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';

const PRESET_LABELS = { today: 'track.today', yesterday: 'track.yesterday', last7d: 'track.last7d' } as const;

const toValues = (s: TrackSearch): Values => ({ deviceNumber: s.deviceNumber, range: [dayjs(s.startTime), dayjs(s.endTime)] });

/** Device number and period; a preset searches at once, a custom range on 查询. */
export function TrackSearchBar({ search, loading, onSearch, actions }: Props) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const range = Form.useWatch('range', form);
  const chosen = range ? presetOf({ startTime: range[0].format(TIME_FORMAT), endTime: range[1].format(TIME_FORMAT) }) : null;

  // The address bar is the source of truth: the back button and shared links refill the form.
  useEffect(() => {
    form.setFieldsValue(toValues(search));
  }, [form, search]);

  const submit = (v: Values) => {
    if (!v.range) return;
    onSearch({ deviceNumber: v.deviceNumber.trim(), startTime: v.range[0].format(TIME_FORMAT), endTime: v.range[1].format(TIME_FORMAT) });
  };

  const choosePreset = (preset: PeriodPreset) => {
    const p = presetPeriod(preset);
    form.setFieldValue('range', [dayjs(p.startTime), dayjs(p.endTime)]);
    form.submit();
  };

  return (
    <Form form={form} layout="inline" className="track-search" initialValues={toValues(search)} onFinish={submit}>
      <Form.Item name="deviceNumber" label={t('track.deviceNumber')} rules={[{ required: true, whitespace: true, message: t('track.deviceRequired') }]}>
        <Input className="track-search-device" placeholder={t('track.deviceRequired')} allowClear maxLength={30} />
      </Form.Item>
      {/* No label: the presets beside the range say what they are, and the row fits a 1366 px laptop. */}
      <Form.Item>
        <Radio.Group aria-label={t('track.period')} value={chosen} optionType="button" onChange={(e) => choosePreset(e.target.value as PeriodPreset)}>
          {PERIOD_PRESETS.map((p) => (
            <Radio.Button key={p} value={p} onClick={() => chosen === p && choosePreset(p)}>
              {t(PRESET_LABELS[p])}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="range"
        rules={[
          { required: true, message: t('track.periodRequired') },
          {
            validator: (_, value: TimeRange | null) => {
              const problem = value ? periodProblem(value[0], value[1]) : null;
              if (problem === 'tooLong') return Promise.reject(new Error(t('track.periodTooLong')));
              if (problem === 'order') return Promise.reject(new Error(t('track.periodOrder')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          className="track-search-range"
          showTime={{ format: 'HH:mm' }}
          format={PICKER_FORMAT}
          allowClear={false}
          placeholder={[t('common.startTime'), t('common.endTime')]}
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
