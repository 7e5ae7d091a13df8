import { Form, Input } from 'antd';
import { FilterForm } from '../../components/FilterForm';
import type { FilterFormProps } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { NotPushFilterValues } from './notPushFilters';
import { WarningTypeSelect } from './WarningTypeSelect';

export function NotPushFilterForm({ form, onSearch, onReset, loading }: FilterFormProps<NotPushFilterValues>) {
  const { t } = useI18n();
  return (
    <FilterForm form={form} onSearch={onSearch} onReset={onReset} loading={loading}>
      <Form.Item name="deviceNumber" label={t('notPush.deviceNumber')}>
        <Input placeholder={t('common.placeholderInput')} allowClear maxLength={32} />
      </Form.Item>
      <Form.Item name="warningType" label={t('notPush.warningType')}>
        <WarningTypeSelect allowClear />
      </Form.Item>
    </FilterForm>
  );
}
