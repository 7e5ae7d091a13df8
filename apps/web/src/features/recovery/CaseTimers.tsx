import type { CaseItem } from '@cvrisk/contracts';
import { Card } from 'antd';
import { formatSeconds } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/translate';

/** The three times a manager watches: how long the case has run, and how long finding and recovering the car took. */
export function CaseTimers({ item }: { item: CaseItem }) {
  const { t, lang } = useI18n();
  const timers: { key: MessageKey; minutes: number | null; pending: MessageKey }[] = [
    { key: 'recoveryCase.timerOpen', minutes: item.openMinutes, pending: 'recoveryCase.timerPending' },
    { key: 'recoveryCase.timerFound', minutes: item.minutesToFound, pending: 'recoveryCase.timerNotFound' },
    { key: 'recoveryCase.timerRecovered', minutes: item.minutesToRecovered, pending: 'recoveryCase.timerNotRecovered' },
  ];
  return (
    <Card size="small" className="rc-card">
      <div className="rc-timers">
        {timers.map((timer) => (
          <div key={timer.key} className="rc-timer">
            <div className="rc-timer-label">{t(timer.key)}</div>
            <div className={timer.minutes === null ? 'rc-timer-value rc-muted' : 'rc-timer-value'}>
              {timer.minutes === null ? t(timer.pending) : formatSeconds(timer.minutes * 60, lang)}
            </div>
          </div>
        ))}
      </div>
    </Card>
  );
}
