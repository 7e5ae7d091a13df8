import { ORDER_TYPE_LABELS, OrderTypes } from '@cvrisk/contracts';
import { Form, Input, Select } from 'antd';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { TimeRangeInput } from '../../components/DictSelect';
import { FilterForm, WideField } from '../../components/FilterForm';
import type { FilterFormProps } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { OrderFilterValues } from './orderFilters';

/** The keyword searches five fields: its placeholder names them, a label could not. */
export function OrderFilterForm({ form, onSearch, onReset, loading }: FilterFormProps<OrderFilterValues>) {
  const { t, lang } = useI18n();
  return (
    <FilterForm form={form} onSearch={onSearch} onReset={onReset} loading={loading}>
      <Form.Item name="keyword" label={t('orders.keyword')}>
        <Input placeholder={t('orders.keywordHint')} allowClear maxLength={50} />
      </Form.Item>
      <Form.Item name="orderType" label={t('orders.orderType')}>
        <Select placeholder={t('common.placeholderSelect')} allowClear options={OrderTypes.map((v) => ({ value: v, label: ORDER_TYPE_LABELS[v][lang] }))} />
      </Form.Item>
      <Form.Item name="deptId" label={t('orders.dept')}>
        <DeptTreeSelect />
      </Form.Item>
      <WideField>
        <Form.Item name="created" label={t('orders.createdAt')}>
          <TimeRangeInput />
        </Form.Item>
      </WideField>
    </FilterForm>
  );
}
