import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { TimeRangeInput } from '../../components/DictSelect';
import { FilterForm, WideField } from '../../components/FilterForm';
import type { FilterFormProps } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { CaseFilterValues } from './caseFilters';
import { recoveryTeamsQuery } from './recovery.queries';

type Props = FilterFormProps<CaseFilterValues> & {
  /** The institution's side: departments and recovery companies to narrow by (a company's own user has one of each). */
  institution: boolean;
  /** Only managers may list the recovery companies. */
  canListTeams: boolean;
};

function TeamSelect({ value, onChange, id }: { value?: number; onChange?: (v: number | undefined) => void; id?: string }) {
  const { t } = useI18n();
  const teams = useQuery(recoveryTeamsQuery());
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={teams.isPending}
      placeholder={t('common.placeholderSelect')}
      options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
    />
  );
}

/** The keyword searches the customer's name and the cars' plates and frame numbers: its placeholder says so. */
export function CaseFilterForm({ form, onSearch, onReset, loading, institution, canListTeams }: Props) {
  const { t } = useI18n();
  return (
    <FilterForm form={form} onSearch={onSearch} onReset={onReset} loading={loading}>
      <Form.Item name="keyword" label={t('recovery.keyword')}>
        <Input placeholder={t('recovery.keywordHint')} allowClear maxLength={50} />
      </Form.Item>
      <Form.Item name="open" label={t('recovery.openness')}>
        <Select
          allowClear
          placeholder={t('common.all')}
          options={[{ value: 'true', label: t('recovery.openOnly') }, { value: 'false', label: t('recovery.closedOnly') }]}
        />
      </Form.Item>
      {institution && (
        <Form.Item name="deptId" label={t('recovery.dept')}>
          <DeptTreeSelect />
        </Form.Item>
      )}
      {canListTeams && (
        <Form.Item name="teamDeptId" label={t('recovery.team')}>
          <TeamSelect />
        </Form.Item>
      )}
      <WideField>
        <Form.Item name="opened" label={t('recovery.openedRange')}>
          <TimeRangeInput />
        </Form.Item>
      </WideField>
    </FilterForm>
  );
}
