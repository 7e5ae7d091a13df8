import { TERMINAL_CONTROLS } from '@cvrisk/contracts';
import { Form, Input, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { formatSeconds } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';
import { FIELD_LABELS, SECONDS_LIMITS, SET_PARAMS_FIELDS, TEXT_MAX, type FormCommandName, type SecondsField } from './commandParams';

const isBlank = (v: unknown) => v === null || v === undefined;

// Checked by hand rather than clamped by InputNumber's min/max, which would silently change 0 into 1.
function secondsRule(field: SecondsField, t: Translate, required: boolean): Rule {
  const { min, max } = SECONDS_LIMITS[field];
  const label = t(FIELD_LABELS[field]);
  return {
    validator: async (_, value: number | null | undefined) => {
      if (isBlank(value)) {
        if (required) throw new Error(t('command.required', { field: label }));
        return;
      }
      if (!Number.isInteger(value) || value! < min || value! > max) throw new Error(t('command.wholeSeconds', { field: label, min, max }));
    },
  };
}

function SecondsItem({ field, rules, dependencies }: { field: SecondsField; rules: Rule[]; dependencies?: string[] }) {
  const { t, lang } = useI18n();
  const value = Form.useWatch<number | null | undefined>(field);
  const { min, max } = SECONDS_LIMITS[field];
  // 86400 秒 is easier to check as 1天.
  const readable = typeof value === 'number' && Number.isInteger(value) && value >= 60 && value <= max ? formatSeconds(value, lang) : undefined;
  return (
    <Form.Item name={field} label={t(FIELD_LABELS[field])} rules={rules} dependencies={dependencies} extra={readable && `= ${readable}`}>
      <InputNumber className="seconds-input" placeholder={`${min}–${max}`} suffix={t('command.seconds')} />
    </Form.Item>
  );
}

/** The fields the chosen command needs, each with its limits checked as the operator types. */
export function CommandFields({ command }: { command: FormCommandName }) {
  const { t, lang } = useI18n();
  switch (command) {
    case 'positionQuery':
      return null;
    case 'tempTracking':
      return (
        <>
          <SecondsItem field="interval" rules={[secondsRule('interval', t, true)]} />
          <SecondsItem field="validity" rules={[secondsRule('validity', t, true)]} />
        </>
      );
    case 'setParams': {
      const [first, ...others] = SET_PARAMS_FIELDS;
      // The at-least-one check sits on the first field and re-runs whenever another one changes.
      const atLeastOne: Rule = ({ getFieldValue }) => ({
        validator: async () => {
          if (SET_PARAMS_FIELDS.every((f) => isBlank(getFieldValue(f)))) throw new Error(t('command.atLeastOne'));
        },
      });
      return (
        <>
          <SecondsItem field={first} rules={[secondsRule(first, t, false), atLeastOne]} dependencies={others} />
          {others.map((f) => (
            <SecondsItem key={f} field={f} rules={[secondsRule(f, t, false)]} />
          ))}
        </>
      );
    }
    case 'terminalControl':
      return (
        <Form.Item name="control" label={t('command.control')} rules={[{ required: true, message: t('command.controlRequired') }]}>
          <Select
            placeholder={t('common.placeholderSelect')}
            options={([4, 5] as const).map((c) => ({ value: c, label: TERMINAL_CONTROLS[c][lang] }))}
          />
        </Form.Item>
      );
    case 'text':
      return (
        <Form.Item
          name="text"
          label={t('command.text')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if (!value?.trim()) throw new Error(t('command.textRequired'));
                if (value.trim().length > TEXT_MAX) throw new Error(t('command.textTooLong'));
              },
            },
          ]}
        >
          {/* Counts past the limit instead of cutting a pasted text short without a word. */}
          <Input.TextArea rows={3} count={{ show: true, max: TEXT_MAX }} placeholder={t('common.placeholderInput')} />
        </Form.Item>
      );
  }
}
