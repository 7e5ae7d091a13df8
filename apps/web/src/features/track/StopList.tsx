import { Card, Empty } from 'antd';
import { memo } from 'react';
import { stopDuration, type StopPoint } from '../../components/map/layers/StopLayer';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';

type Props = { stops: readonly StopPoint[]; onSelect: (index: number) => void };

/** The end's time only when the stop ends on the day it began. */
const endOf = (s: StopPoint) => (s.endTime.slice(0, 10) === s.startTime.slice(0, 10) ? s.endTime.slice(11) : s.endTime);

/** The stops of the period in time order; choosing one shows it on the map and seeks there. */
export const StopList = memo(function StopList({ stops, onSelect }: Props) {
  const { t, lang } = useI18n();
  return (
    <Card size="small" className="track-list-card" title={t('track.stops', { count: stops.length })}>
      {stops.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('track.noStops')} />
      ) : (
        <ol className="track-list">
          {stops.map((s, i) => (
            <li key={s.startTime}>
              <button type="button" className="track-list-item" onClick={() => onSelect(i)}>
                <span className="track-list-no track-list-no-stop">{i + 1}</span>
                <span className="track-list-text">
                  <span>
                    {s.startTime} – {s.closed ? endOf(s) : t('track.stillStopped')}
                  </span>
                  <span className="track-list-sub">
                    {t('track.stopDuration')}：{stopDuration(s.durationMs, lang)}
                  </span>
                  <span className="track-list-sub">{s.address || EMPTY}</span>
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
});
