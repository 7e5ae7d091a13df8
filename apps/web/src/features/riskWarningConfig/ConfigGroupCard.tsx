import { WARNING_TYPES, type RiskWarningConfig } from '@cvrisk/contracts';
import { Card, Form, InputNumber, Select, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { REGION_SCOPE_KEYS, UNIT_KEYS, valueAt, type ConfigField, type ConfigGroup } from './configFields';

/** The field and, beside it, what the institution would have without its own value. */
function Field({ field, defaults }: { field: ConfigField; defaults: RiskWarningConfig }) {
  const { t } = useI18n();
  const label = t(field.label);
  const fallback = valueAt(defaults, field.name);
  if (field.kind === 'scope') {
    const options = (['province', 'city'] as const).map((s) => ({ value: s, label: t(REGION_SCOPE_KEYS[s]) }));
    return (
      <Form.Item label={label} required>
        <div className="risk-config-field">
          <Form.Item noStyle name={field.name} rules={[{ required: true, message: t('riskAdmin.required', { field: label }) }]}>
            <Select className="risk-config-input" options={options} aria-label={label} />
          </Form.Item>
          <Typography.Text type="secondary">{t('riskAdmin.default', { value: t(REGION_SCOPE_KEYS[fallback as 'province' | 'city']) })}</Typography.Text>
        </div>
      </Form.Item>
    );
  }
  const unit = t(UNIT_KEYS[field.unit]);
  const range = t('riskAdmin.range', { field: label, min: field.min, max: field.max, unit });
  return (
    <Form.Item label={label} required>
      <div className="risk-config-field">
        <Form.Item
          noStyle
          name={field.name}
          rules={[
            { required: true, message: t('riskAdmin.required', { field: label }) },
            { type: 'integer', min: field.min, max: field.max, message: range },
          ]}
        >
          <InputNumber className="risk-config-input" precision={0} suffix={unit} aria-label={label} />
        </Form.Item>
        <Typography.Text type="secondary">{t('riskAdmin.default', { value: `${fallback} ${unit}` })}</Typography.Text>
      </div>
    </Form.Item>
  );
}

/** One rule's thresholds, titled with the warning type they govern. */
export function ConfigGroupCard({ group, defaults }: { group: ConfigGroup; defaults: RiskWarningConfig }) {
  const { lang } = useI18n();
  return (
    <Card size="small" title={WARNING_TYPES[group.warningType][lang]} className="risk-config-group">
      {group.fields.map((f) => (
        <Field key={f.name.join('.')} field={f} defaults={defaults} />
      ))}
    </Card>
  );
}
