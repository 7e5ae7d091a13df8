import { FIX_TYPE_SHORT, type TrackFix } from '@cvrisk/contracts';
import { Card } from 'antd';
import { memo } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';

type Props = { fixes: readonly TrackFix[]; active: number; onSelect: (index: number) => void };

/** A wireless tracker's few fixes, newest last; choosing one steps the replay there. */
export const FixList = memo(function FixList({ fixes, active, onSelect }: Props) {
  const { t, lang } = useI18n();
  return (
    <Card size="small" className="track-list-card" title={t('track.fixes', { count: fixes.length })}>
      <ol className="track-list">
        {fixes.map((f, i) => (
          <li key={f.gpsTime}>
            <button type="button" className={`track-list-item${i === active ? ' is-active' : ''}`} onClick={() => onSelect(i)}>
              <span className={`track-list-no fix-point-${f.fixType}`}>{FIX_TYPE_SHORT[f.fixType]?.[lang] ?? '-'}</span>
              <span className="track-list-text">
                <span>{f.gpsTime}</span>
              </span>
            </button>
          </li>
        ))}
      </ol>
    </Card>
  );
});
