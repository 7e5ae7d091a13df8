import type { CaseEvent } from '@cvrisk/contracts';
import { Card, Empty, Timeline, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CaseStateTag } from './CaseTags';

/** Everything that happened to the case, as the server lists it: when, who (or the server itself), what, and why. */
export function CaseHistory({ history }: { history: readonly CaseEvent[] }) {
  const { t } = useI18n();
  return (
    <Card size="small" className="rc-card" title={t('recoveryCase.history')}>
      {history.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recoveryCase.noHistory')} />
      ) : (
        <Timeline
          className="rc-history"
          items={history.map((h, i) => ({
            key: i,
            color: h.toState === 'recovered' ? 'green' : h.toState === 'unrecovered' ? 'red' : 'blue',
            content: (
              <>
                <Typography.Text type="secondary" className="rc-history-time">{h.at}</Typography.Text>
                <div>
                  <Typography.Text strong>{h.actionName}</Typography.Text>
                  <Typography.Text type="secondary"> · {h.by ?? t('recoveryCase.system')}</Typography.Text>
                </div>
                {h.toState !== null && h.toState !== h.fromState && (
                  <div className="rc-history-states">
                    {h.fromState !== null && (
                      <>
                        <CaseStateTag state={h.fromState} />→
                      </>
                    )}
                    <CaseStateTag state={h.toState} />
                  </div>
                )}
                {h.reason && <div>{h.reason}</div>}
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}
