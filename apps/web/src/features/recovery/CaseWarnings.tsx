import type { CaseWarning } from '@cvrisk/contracts';
import { Card, Empty, Tag } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** The cars' warnings since the case was opened, each leading to its detail page for those who may open it. */
export function CaseWarnings({ warnings }: { warnings: readonly CaseWarning[] }) {
  const { t } = useI18n();
  // A recovery company's staff see the case's warnings but not the warning pages: no link that ends on 401.
  const canOpen = useSession().user.permissions.includes('warning:view');
  return (
    <Card size="small" className="rc-card" title={t('recoveryCase.warnings', { count: warnings.length })}>
      {warnings.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recoveryCase.noWarnings')} />
      ) : (
        <ul className="rc-list">
          {warnings.map((w) => (
            <li key={w.id}>
              <div className="rc-list-head">
                {canOpen ? <Link to={`/risk/warningDetail?id=${w.id}`}>{w.typeName}</Link> : <strong>{w.typeName}</strong>}
                {w.handled ? <Tag>{t('recoveryCase.handled')}</Tag> : <Tag color="red">{t('recoveryCase.unhandled')}</Tag>}
              </div>
              <div className="rc-muted">{[w.time, w.plateNumber].filter(Boolean).join(' · ')}</div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
