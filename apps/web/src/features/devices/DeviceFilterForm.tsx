import { DEVICE_KIND_LABELS, DEVICE_STATE_LABELS, DeviceKinds, DeviceStates } from '@cvrisk/contracts';
import { DatePicker, Form, Input, Select } from 'antd';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { FilterForm } from '../../components/FilterForm';
import type { FilterFormProps } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { DeviceFilterValues } from './deviceFilters';

export function DeviceFilterForm({ form, onSearch, onReset, loading }: FilterFormProps<DeviceFilterValues>) {
  const { t, lang } = useI18n();
  const input = t('common.placeholderInput');
  const select = t('common.placeholderSelect');

  return (
    <FilterForm form={form} onSearch={onSearch} onReset={onReset} loading={loading}>
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
      <Form.Item name="carFrameNumber" label={t('device.carFrameNumber')}>
        <Input placeholder={input} allowClear maxLength={17} />
      </Form.Item>
      <Form.Item name="customerName" label={t('device.customerName')}>
        <Input placeholder={input} allowClear maxLength={30} />
      </Form.Item>
      <Form.Item name="installTime" label={t('device.installTime')}>
        <DatePicker.RangePicker className="full-width" placeholder={[t('common.startDate'), t('common.endDate')]} />
      </Form.Item>
    </FilterForm>
  );
}
