import { FIELD_LINK_GONE, FIELD_TOKEN_PATTERN, type FieldView } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { formatSeconds } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { fieldViewQuery, goneMessage } from './fieldLink.queries';
import { amapMarkerUrl, geoUrl } from './navigation';
import { useFieldStream, type StreamState } from './useFieldStream';
import './fieldLink.css';

// Leaflet and the tiles come after the car's facts: on a phone in the street those matter first.
const FieldMap = lazy(() => import('./FieldMap').then((m) => ({ default: m.FieldMap })));

type Position = FieldView['positions'][number];
type Located = Position & { lng: number; lat: number };

/** The freshest fix among the car's devices (a car may carry a wired and a wireless one). */
function bestFix(positions: readonly Position[]): Located | null {
  let best: Located | null = null;
  for (const p of positions) {
    if (p.lng === null || p.lat === null) continue;
    if (!best || (p.time ?? '') > (best.time ?? '')) best = p as Located;
  }
  return best;
}

/** A page that says only why the link does not open: nothing about the car. */
function GonePage({ message }: { message: string }) {
  return (
    <main className="field-page field-gone" role="alert">
      <div className="field-gone-mark" aria-hidden>!</div>
      <h1>{message}</h1>
    </main>
  );
}

function LiveState({ state }: { state: StreamState }) {
  const { t } = useI18n();
  const key = state === 'live' ? 'fieldLink.live' : state === 'retrying' ? 'fieldLink.retrying' : 'fieldLink.connecting';
  return <span className={`field-live field-live-${state}`}>{t(key)}</span>;
}

function FieldContent({ view, state }: { view: FieldView; state: StreamState }) {
  const { t, lang } = useI18n();
  const name = view.plateNumber ?? view.caseNo;
  const fix = useMemo(() => bestFix(view.positions), [view.positions]);
  const car = useMemo(() => (fix ? { lng: fix.lng, lat: fix.lat } : null), [fix]);
  const online = view.positions.some((p) => p.online);
  return (
    <main className="field-page">
      <header className="field-head">
        <div>
          <h1 className="field-plate">{name}</h1>
          {view.brand && <div className="field-muted">{view.brand}</div>}
        </div>
        <LiveState state={state} />
      </header>
      <Suspense fallback={<div className="field-map field-map-waiting">{t('fieldLink.mapLoading')}</div>}>
        <FieldMap car={car} name={name} stops={view.stops} />
      </Suspense>
      <section className="field-facts">
        {fix ? (
          <>
            <div className="field-address">{fix.address ?? t('fieldLink.noAddress')}</div>
            <div className="field-row">
              <span>{t('fieldLink.time', { time: fix.time ?? '-' })}</span>
              <span>{fix.speed === null ? '-' : `${fix.speed.toFixed(0)} km/h`}</span>
              <span className={online ? 'field-online' : 'field-offline'}>{t(online ? 'fieldLink.online' : 'fieldLink.offline')}</span>
            </div>
            <a className="field-nav" href={amapMarkerUrl(fix.lng, fix.lat, name)} target="_blank" rel="noreferrer">
              {t('fieldLink.navigate')}
            </a>
            <a className="field-nav-alt" href={geoUrl(fix.lng, fix.lat, name)}>
              {t('fieldLink.navigateOther')}
            </a>
          </>
        ) : (
          <div className="field-address">{t('fieldLink.noFix')}</div>
        )}
      </section>
      <section className="field-stops">
        <h2>{t('fieldLink.stops')}</h2>
        {view.stops.length === 0 ? (
          <div className="field-muted">{t('fieldLink.noStops')}</div>
        ) : (
          <ol>
            {view.stops.map((s) => (
              <li key={s.startTime}>
                <div>{s.address ?? t('fieldLink.noAddress')}</div>
                <div className="field-muted">
                  {t('fieldLink.stopAt', { start: s.startTime, duration: formatSeconds(s.minutes * 60, lang) })}
                  {s.endTime === null && ` · ${t('fieldLink.stillThere')}`}
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      <footer className="field-muted field-expiry">{t('fieldLink.expires', { time: view.expiresAt })}</footer>
    </main>
  );
}

/**
 * 外勤链接 (#/field/:token): a field team's phone, without an account or the console around it. The car,
 * where it is now (live), its last stops and a button into the phone's map app; an expired, revoked or
 * closed link shows only why.
 */
export function FieldLinkPage() {
  const { t } = useI18n();
  const token = useParams().token ?? '';
  const wellFormed = FIELD_TOKEN_PATTERN.test(token);
  const view = useQuery({ ...fieldViewQuery(token), enabled: wellFormed });
  const stream = useFieldStream(token, view.isSuccess);

  useEffect(() => {
    document.title = t('fieldLink.title');
  }, [t]);

  if (!wellFormed) return <GonePage message={FIELD_LINK_GONE.unknown} />;
  if (stream.gone) return <GonePage message={stream.gone} />;
  if (view.isError) {
    const gone = goneMessage(view.error);
    if (gone) return <GonePage message={gone} />;
    return (
      <main className="field-page field-gone">
        <h1>{t('fieldLink.failed')}</h1>
        <button type="button" className="field-nav" onClick={() => void view.refetch()}>{t('fieldLink.retry')}</button>
      </main>
    );
  }
  if (view.isPending) return <main className="field-page field-gone">{t('fieldLink.loading')}</main>;
  return <FieldContent view={view.data} state={stream.state} />;
}
