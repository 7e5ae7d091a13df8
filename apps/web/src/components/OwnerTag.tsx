import { Tag, Tooltip } from 'antd';
import { useI18n } from '../lib/i18n/I18nProvider';

/**
 * Whether a fence or risk point is the caller's own (their department or below, editable) or shared by
 * a department above (usable, not editable); the owning department on hover.
 */
export function OwnerTag({ own, deptName }: { own: boolean; deptName: string }) {
  const { t } = useI18n();
  return (
    <Tooltip title={t('owner.dept', { dept: deptName })}>
      <Tag color={own ? 'blue' : 'purple'}>{own ? t('owner.own') : t('owner.shared')}</Tag>
    </Tooltip>
  );
}
