import { PERMISSION_GROUPS, PERMISSION_LABELS, Permissions, type Permission, type PermissionGroup } from '@cvrisk/contracts';
import { Checkbox, Tooltip, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import './roles.css';

type Props = {
  value?: Permission[];
  onChange?: (value: Permission[]) => void;
  /** What the caller holds: only these may be granted; the others are shown, off, with the reason. */
  held: readonly string[];
  readOnly?: boolean;
  id?: string;
};

const GROUPS = Object.keys(PERMISSION_GROUPS) as PermissionGroup[];
const inGroup = (g: PermissionGroup): Permission[] => Permissions.filter((p) => PERMISSION_LABELS[p].group === g);

/** The role editor's permissions, grouped as the contracts group them, in the console's language. */
export function PermissionChecklist({ value = [], onChange, held, readOnly, id }: Props) {
  const { t, lang } = useI18n();
  const toggle = (p: Permission, on: boolean) => onChange?.(on ? [...value, p] : value.filter((v) => v !== p));
  return (
    <div id={id} className="permission-checklist">
      {GROUPS.map((g) => (
        <div key={g} className="permission-group">
          <Typography.Text strong className="permission-group-title">{PERMISSION_GROUPS[g][lang]}</Typography.Text>
          <div className="permission-group-items">
            {inGroup(g).map((p) => {
              const lacking = !held.includes(p);
              const box = (
                <Checkbox key={p} checked={value.includes(p)} disabled={readOnly || lacking} onChange={(e) => toggle(p, e.target.checked)}>
                  {PERMISSION_LABELS[p][lang]}
                </Checkbox>
              );
              return lacking && !readOnly ? <Tooltip key={p} title={t('roles.lacking')}>{box}</Tooltip> : box;
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
