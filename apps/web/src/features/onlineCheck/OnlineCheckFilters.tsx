import { OnlineCheckModes, type OnlineCheckMode, type OnlineCheckQuery } from '@cvrisk/contracts';
import { Form, Input, Segmented } from 'antd';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { FilterForm, WideField } from '../../components/FilterForm';
import type { FilterFormProps } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { MessageKey, Translate } from '../../lib/i18n/translate';
import { pasteProblem, splitDeviceNumbers, type PasteProblem } from '../../lib/pastedNumbers';

export type CheckFilterValues = { by: OnlineCheckMode; numbers?: string; deptId?: number };

const MODE_LABELS: Record<OnlineCheckMode, MessageKey> = { numbers: 'onlineCheck.byNumbers', dealer: 'onlineCheck.byDealer', all: 'onlineCheck.byAll' };

export const filtersFromQuery = (q: OnlineCheckQuery): CheckFilterValues => ({ by: q.by, numbers: q.deviceNumbers?.join('\n'), deptId: q.deptId });

/** Only the chosen mode's field goes to the address bar; everything is the default and needs none. */
export function filtersToQuery(v: CheckFilterValues): Partial<OnlineCheckQuery> {
  if (v.by === 'numbers') return { by: v.by, deviceNumbers: splitDeviceNumbers(v.numbers ?? '') };
  if (v.by === 'dealer') return { by: v.by, deptId: v.deptId };
  return {};
}

function problemText(p: PasteProblem, t: Translate): string {
  if (p.kind === 'empty') return t('batch.empty');
  if (p.kind === 'tooMany') return t('batch.tooMany', { count: p.count });
  return t('batch.tooLong', { number: p.number });
}

/** 按设备号 / 按经销商 / 全部, and the one field the choice needs. */
export function OnlineCheckFilters(props: FilterFormProps<CheckFilterValues>) {
  const { t } = useI18n();
  const by = Form.useWatch('by', props.form) ?? 'all';
  const recognised = splitDeviceNumbers(Form.useWatch('numbers', props.form) ?? '').length;
  // One cell of the grid for the choice and its field: the filter form folds away every field after
  // its first row, and the field the choice asks for must never be folded away.
  return (
    <FilterForm {...props}>
      <WideField>
        <Form.Item name="by" label={t('onlineCheck.by')}>
          <Segmented<OnlineCheckMode> options={OnlineCheckModes.map((m) => ({ value: m, label: t(MODE_LABELS[m]) }))} />
        </Form.Item>
        {by === 'numbers' && (
          <Form.Item
            name="numbers"
            label={t('device.deviceNumber')}
            extra={recognised > 0 ? t('batch.recognised', { count: recognised }) : undefined}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const problem = pasteProblem(splitDeviceNumbers(value ?? ''));
                  if (problem) throw new Error(problemText(problem, t));
                },
              },
            ]}
          >
            <Input.TextArea rows={3} placeholder={t('batch.placeholder')} />
          </Form.Item>
        )}
        {by === 'dealer' && (
          <Form.Item name="deptId" label={t('onlineCheck.dealer')} rules={[{ required: true, message: t('onlineCheck.deptRequired') }]}>
            <DeptTreeSelect />
          </Form.Item>
        )}
      </WideField>
    </FilterForm>
  );
}
