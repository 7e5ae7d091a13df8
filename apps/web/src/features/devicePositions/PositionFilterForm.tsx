import { DEVICE_KIND_LABELS, DEVICE_STATE_LABELS, DeviceKinds, DeviceStates } from '@cvrisk/contracts';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { FilterForm, WideField } from '../../components/FilterForm';
import type { FilterFormProps } from '../../components/ListScreen';
import type { TimeRange } from '../../lib/filterValues';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { PositionFilterValues } from './positionFilters';

export function PositionFilterForm({ form, onSearch, onReset, loading }: FilterFormProps<PositionFilterValues>) {
  const { t, lang } = useI18n();
  const input = t('common.placeholderInput');
  const select = t('common.placeholderSelect');
  // Functions, so that 最近1小时 means the hour before the click, not before the page opened.
  const presets: { label: string; value: () => TimeRange }[] = [
    { label: t('position.lastHour'), value: () => [dayjs().subtract(1, 'hour'), dayjs()] },
    { label: t('position.today'), value: () => [dayjs().startOf('day'), dayjs()] },
    { label: t('position.last24h'), value: () => [dayjs().subtract(24, 'hour'), dayjs()] },
    { label: t('position.last7d'), value: () => [dayjs().subtract(7, 'day').startOf('day'), dayjs()] },
  ];

  return (
    <FilterForm form={form} onSearch={onSearch} onReset={onReset} loading={loading} labelWidth={lang === 'zh' ? 108 : 120}>
      <Form.Item name="deviceNumber" label={t('device.deviceNumber')}>
        <Input placeholder={input} allowClear maxLength={30} />
      </Form.Item>
      <Form.Item name="deviceKind" label={t('device.deviceKind')}>
        <Select placeholder={select} allowClear options={DeviceKinds.map((k) => ({ value: k, label: DEVICE_KIND_LABELS[k][lang] }))} />
      </Form.Item>
      <Form.Item name="state" label={t('device.state')}>
        <Select placeholder={select} allowClear options={DeviceStates.map((s) => ({ value: s, label: DEVICE_STATE_LABELS[s][lang] }))} />
      </Form.Item>
      <Form.Item name="deptId" label={t('device.dept')}>
        <DeptTreeSelect />
      </Form.Item>
      {/* Two full date-times do not fit one cell of the grid. */}
      <WideField>
        <Form.Item name="lastTime" label={t('position.lastTime')}>
          <DatePicker.RangePicker
            className="full-width"
            showTime
            format="YYYY-MM-DD HH:mm:ss"
            presets={presets}
            placeholder={[t('common.startTime'), t('common.endTime')]}
          />
        </Form.Item>
      </WideField>
      <Form.Item name="carFrameNumber" label={t('device.carFrameNumber')}>
        <Input placeholder={input} allowClear maxLength={17} />
      </Form.Item>
      <Form.Item name="customerName" label={t('device.customerName')}>
        <Input placeholder={input} allowClear maxLength={30} />
      </Form.Item>
    </FilterForm>
  );
}
