import { CONTROL_ACTION_LABELS } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { casePath } from './caseColumns';
import { controlPendingQuery } from './recovery.queries';

/**
 * Above the list for an approver (vehicle:control): the immobilisation requests waiting for them, each
 * opening its case, where they decide. Nothing when none waits.
 */
export function ControlAwaitingNotice() {
  const { t, lang } = useI18n();
  const pending = useQuery(controlPendingQuery()).data?.filter((r) => r.canDecide) ?? [];
  if (pending.length === 0) return null;
  return (
    <Alert
      className="recovery-awaiting"
      type="warning"
      showIcon
      title={t('recovery.awaiting', { count: pending.length })}
      description={
        <ul className="recovery-awaiting-list">
          {pending.map((r) => (
            <li key={r.id}>
              <Link to={casePath(r.caseId)}>
                {t('recovery.awaitingItem', { action: CONTROL_ACTION_LABELS[r.action][lang], deviceNumber: r.deviceNumber, requestedBy: r.requestedBy, time: r.requestedAt })}
              </Link>
            </li>
          ))}
        </ul>
      }
    />
  );
}
