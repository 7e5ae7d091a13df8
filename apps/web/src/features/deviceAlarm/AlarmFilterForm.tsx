import { ALARM_STATE_LABELS, AlarmStates } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { DictSelect, TimeRangeInput } from '../../components/DictSelect';
import { FilterForm, WideField } from '../../components/FilterForm';
import type { FilterFormProps } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { AlarmFilterValues } from './alarmFilters';
import { alarmTypesQuery } from './alarms.queries';

export function AlarmFilterForm({ form, onSearch, onReset, loading }: FilterFormProps<AlarmFilterValues>) {
  const { t, lang } = useI18n();
  const types = useQuery(alarmTypesQuery());
  const input = t('common.placeholderInput');
  const select = t('common.placeholderSelect');

  return (
    <FilterForm form={form} onSearch={onSearch} onReset={onReset} loading={loading}>
      <Form.Item name="alarmType" label={t('riskAdmin.alarmType')}>
        <DictSelect items={types.data} loading={types.isPending} />
      </Form.Item>
      <Form.Item name="deviceNumber" label={t('riskAdmin.deviceNumber')}>
        <Input placeholder={input} allowClear maxLength={30} />
      </Form.Item>
      <Form.Item name="plateNumber" label={t('riskAdmin.plateNumber')}>
        <Input placeholder={input} allowClear maxLength={10} />
      </Form.Item>
      <Form.Item name="state" label={t('riskAdmin.state')}>
        <Select placeholder={select} allowClear options={AlarmStates.map((s) => ({ value: s, label: ALARM_STATE_LABELS[s][lang] }))} />
      </Form.Item>
      <Form.Item name="deptId" label={t('riskAdmin.dept')}>
        <DeptTreeSelect />
      </Form.Item>
      <WideField>
        <Form.Item name="alarmTime" label={t('riskAdmin.alarmTime')}>
          <TimeRangeInput />
        </Form.Item>
      </WideField>
    </FilterForm>
  );
}
