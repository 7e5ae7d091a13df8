import { NotificationOutlined } from '@ant-design/icons';
import { TICKER_HEIGHT_PX, TICKER_INTERVAL_MS, warningTypeName, type FeedWarning } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { TickerDetailsDialog } from './TickerDetailsDialog';
import { tickerQuery } from './topbar.queries';
import './topbar.css';

/**
 * The vertical carousel of unhandled warnings (console-spec §2, §9): 40 px high, the next one every
 * 3000 ms, no indicators; it holds still under the pointer so a warning can be clicked.
 */
export function WarningTicker({ enabled }: { enabled: boolean }) {
  const { t, lang } = useI18n();
  const { data } = useQuery(tickerQuery(enabled));
  const list = data?.list ?? [];
  // The position counts from the newest warning: a new one on top restarts the carousel there.
  const first = list[0]?.id;
  const [pos, setPos] = useState({ first, index: 0 });
  if (pos.first !== first) setPos({ first, index: 0 });
  const [paused, setPaused] = useState(false);
  const [open, setOpen] = useState<FeedWarning | null>(null);

  // Restarted by a new warning on top, so it stays in view a whole interval before the carousel moves on.
  useEffect(() => {
    if (paused || list.length < 2) return;
    const timer = setInterval(() => setPos((p) => ({ ...p, index: (p.index + 1) % list.length })), TICKER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, list.length, first]);

  const shown = Math.min(pos.index, Math.max(0, list.length - 1));
  return (
    <div className="topbar-ticker" style={{ height: TICKER_HEIGHT_PX }} onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} aria-label={t('push.ticker.label')}>
      <NotificationOutlined className="topbar-ticker-icon" />
      <div className="topbar-ticker-window">
        {list.length === 0 ? (
          <div className="topbar-ticker-item is-empty" style={{ height: TICKER_HEIGHT_PX }}>{t('push.ticker.empty')}</div>
        ) : (
          <ul className="topbar-ticker-track" style={{ transform: `translateY(${-shown * TICKER_HEIGHT_PX}px)` }}>
            {list.map((w) => (
              <li key={w.id} style={{ height: TICKER_HEIGHT_PX }}>
                <button type="button" className="topbar-ticker-item" onClick={() => setOpen(w)} title={w.warningTime}>
                  <span className={`topbar-ticker-type level-${w.riskLevel}`}>{warningTypeName(w.warningType, lang, w.warningTypeName)}</span>
                  <span className="topbar-ticker-text">{[w.plateNumber || w.deviceNumber, w.customerName, w.warningTime.slice(5, 16)].filter(Boolean).join(' · ')}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <TickerDetailsDialog warning={open} onClose={() => setOpen(null)} />
    </div>
  );
}
