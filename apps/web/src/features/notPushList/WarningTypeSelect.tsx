import { WARNING_TYPE_CODES, warningTypeName, type WarningTypeCode } from '@cvrisk/contracts';
import { Select } from 'antd';
import type { ComponentProps } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';

type Props = Omit<ComponentProps<typeof Select<WarningTypeCode>>, 'options'>;

/** The eleven warning types, by name in the console's language (the names are the contracts' own, no call needed). */
export function WarningTypeSelect(props: Props) {
  const { t, lang } = useI18n();
  return (
    <Select<WarningTypeCode>
      placeholder={t('common.placeholderSelect')}
      showSearch={{ optionFilterProp: 'label' }}
      options={WARNING_TYPE_CODES.map((code) => ({ value: code, label: warningTypeName(code, lang) }))}
      {...props}
    />
  );
}
