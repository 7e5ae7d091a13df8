import { DEAL_STATUS_LABELS, RISK_LEVEL_LABELS } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { DictSelect, TimeRangeInput } from '../../components/DictSelect';
import { FilterForm, WideField } from '../../components/FilterForm';
import type { FilterFormProps } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { WarningFilterValues } from './warningFilters';
import { warningTypeDictQuery } from './warnings.queries';

/** 风险预警's filters, in the order operators narrow a list: what, whether handled, how serious, who, when, where. */
export function WarningFilterForm({ form, onSearch, onReset, loading }: FilterFormProps<WarningFilterValues>) {
  const { t, lang } = useI18n();
  const types = useQuery(warningTypeDictQuery());
  const input = t('common.placeholderInput');
  const select = t('common.placeholderSelect');

  return (
    // 客户手机号 is five characters: the usual 80 px label column would wrap it.
    <FilterForm form={form} onSearch={onSearch} onReset={onReset} loading={loading} labelWidth={lang === 'zh' ? 96 : 130}>
      <Form.Item name="warningType" label={t('warnings.warningType')}>
        <DictSelect items={types.data} loading={types.isPending} />
      </Form.Item>
      <Form.Item name="dealStatus" label={t('warnings.dealStatus')}>
        {/* Empty means every status (the list opens on 未处理 when no filter is given). */}
        <Select placeholder={t('warnings.allStatuses')} allowClear options={([0, 1] as const).map((s) => ({ value: s, label: DEAL_STATUS_LABELS[s][lang] }))} />
      </Form.Item>
      <Form.Item name="riskLevel" label={t('warnings.riskLevel')}>
        <Select placeholder={select} allowClear options={([1, 2, 3] as const).map((l) => ({ value: l, label: RISK_LEVEL_LABELS[l][lang] }))} />
      </Form.Item>
      <Form.Item name="deviceNumber" label={t('warnings.deviceNumber')}>
        <Input placeholder={input} allowClear maxLength={32} />
      </Form.Item>
      <Form.Item name="customerPhone" label={t('warnings.customerPhone')}>
        <Input placeholder={input} allowClear maxLength={20} />
      </Form.Item>
      <Form.Item name="deptId" label={t('warnings.dealer')}>
        <DeptTreeSelect />
      </Form.Item>
      <WideField>
        <Form.Item name="warningTime" label={t('warnings.warningTime')}>
          <TimeRangeInput />
        </Form.Item>
      </WideField>
    </FilterForm>
  );
}
