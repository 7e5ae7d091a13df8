import { LOAN_STATUS_LABELS, LoanStatuses } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { FilterForm } from '../../components/FilterForm';
import type { FilterFormProps } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { isDigits } from '../../lib/validators';
import { carBrandsQuery } from '../catalog/catalog.queries';
import type { CarFilterValues } from './carFilters';

export function CarFilterForm({ form, onSearch, onReset, loading }: FilterFormProps<CarFilterValues>) {
  const { t, lang } = useI18n();
  const brands = useQuery(carBrandsQuery());
  const brandOptions = useMemo(
    () =>
      [...(brands.data ?? [])]
        .sort((a, b) => a.initial.localeCompare(b.initial) || a.brandName.localeCompare(b.brandName, 'zh-CN'))
        .map((b) => ({ value: b.id, label: b.brandName })),
    [brands.data],
  );
  const input = t('common.placeholderInput');
  const select = t('common.placeholderSelect');

  return (
    <FilterForm form={form} onSearch={onSearch} onReset={onReset} loading={loading}>
      <Form.Item name="customerName" label={t('car.customerName')}>
        <Input placeholder={input} allowClear maxLength={30} />
      </Form.Item>
      <Form.Item
        name="customerPhone"
        label={t('car.phone')}
        rules={[{ validator: (_, v: string | undefined) => (!v || isDigits(v) ? Promise.resolve() : Promise.reject(new Error(t('error.onlyDigits')))) }]}
      >
        <Input placeholder={input} allowClear maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="carFrameNumber" label={t('car.carFrameNumber')}>
        <Input placeholder={input} allowClear maxLength={17} />
      </Form.Item>
      <Form.Item name="plateNumber" label={t('car.plateNumber')}>
        <Input placeholder={input} allowClear maxLength={10} />
      </Form.Item>
      <Form.Item name="deviceNumber" label={t('car.deviceNumber')}>
        <Input placeholder={input} allowClear maxLength={30} />
      </Form.Item>
      <Form.Item name="deptId" label={t('car.dept')}>
        <DeptTreeSelect />
      </Form.Item>
      <Form.Item name="brandId" label={t('car.brand')}>
        <Select placeholder={select} allowClear loading={brands.isPending} options={brandOptions} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
      <Form.Item name="loanStatus" label={t('car.loanStatus')}>
        <Select placeholder={select} allowClear options={LoanStatuses.map((s) => ({ value: s, label: LOAN_STATUS_LABELS[s][lang] }))} />
      </Form.Item>
    </FilterForm>
  );
}
