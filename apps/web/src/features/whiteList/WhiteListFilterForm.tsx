import { WHITE_LIST_STATE_LABELS, WhiteListStates } from '@cvrisk/contracts';
import { Form, Input, Select } from 'antd';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { FilterForm } from '../../components/FilterForm';
import type { FilterFormProps } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { isDigits } from '../../lib/validators';
import type { WhiteListFilterValues } from './whiteListFilters';

export function WhiteListFilterForm({ form, onSearch, onReset, loading }: FilterFormProps<WhiteListFilterValues>) {
  const { t, lang } = useI18n();
  const input = t('common.placeholderInput');

  return (
    <FilterForm form={form} onSearch={onSearch} onReset={onReset} loading={loading}>
      <Form.Item name="customerName" label={t('riskAdmin.customerName')}>
        <Input placeholder={input} allowClear maxLength={30} />
      </Form.Item>
      <Form.Item
        name="customerPhone"
        label={t('riskAdmin.phone')}
        rules={[{ validator: (_, v: string | undefined) => (!v || isDigits(v) ? Promise.resolve() : Promise.reject(new Error(t('error.onlyDigits')))) }]}
      >
        <Input placeholder={input} allowClear maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="state" label={t('riskAdmin.state')}>
        <Select placeholder={t('common.placeholderSelect')} allowClear options={WhiteListStates.map((s) => ({ value: s, label: WHITE_LIST_STATE_LABELS[s][lang] }))} />
      </Form.Item>
      <Form.Item name="deptId" label={t('riskAdmin.dept')}>
        <DeptTreeSelect />
      </Form.Item>
    </FilterForm>
  );
}
