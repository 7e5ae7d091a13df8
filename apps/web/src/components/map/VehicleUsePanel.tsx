import type { CarDataAnalysis, NearRiskPoint } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Spin } from 'antd';
import L from 'leaflet';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { RiskPointLayer } from './layers/RiskPointLayer';
import { VehicleUseLayer } from './layers/VehicleUseLayer';
import { useMap } from './MapContext';
import { MapView } from './MapView';
import {
  BUTTON_LABELS, carAnalysisQuery, EMPTY_MESSAGES, INITIAL_ON, markersOf, nearRiskPointsQuery, USE_KEYS,
  type PanelMode, type Point, type UseKey, type UseMarker,
} from './vehicleUse';
import { FIXED_CENTER } from './fixedCenter';
import './vehicleUsePanel.css';

/** console-spec §2 and §9: this map starts at zoom 16, on a fixed point until it has something to show. */
const START_ZOOM = 16;
const NO_ANALYSIS: CarDataAnalysis = { useCarArea: [], listWeek: [], dayList: [], nightList: [] };
const NO_POINTS: NearRiskPoint[] = [];

type Props = {
  mode: PanelMode;
  carid: number | null;
  /** The device's latest position and the warning's, WGS-84. */
  latest: Point | null;
  warning?: Point | null;
  /** The warning whose nearby risk points the 风险点 button shows (detail mode). */
  warningId?: number | null;
  className?: string;
};

/** Fits the view to what is shown whenever `fitKey` changes; a base-layer switch does not move it. */
function FitVisible({ points, fitKey }: { points: readonly Point[]; fitKey: string }) {
  const { map, toMap } = useMap();
  const fit = useEffectEvent(() => {
    if (points.length === 0) return;
    const bounds = L.latLngBounds(points.map((p) => toMap(p.lng, p.lat)));
    if (points.length === 1) map.setView(bounds.getCenter(), START_ZOOM);
    // Pins stand above their point: more room at the top keeps them (and the map's note) clear.
    else map.fitBounds(bounds, { paddingTopLeft: L.point(48, 80), paddingBottomRight: L.point(48, 32), maxZoom: START_ZOOM });
  });
  useEffect(() => fit(), [fitKey]);
  return null;
}

/**
 * 车辆使用分析: the car's latest and warning positions, nearby risk points, this week's common area,
 * suspected work and home places and frequent stops, each behind a toggle. The warning detail uses
 * it in 'detail' mode, the user portrait in 'portrait' mode.
 */
export function VehicleUsePanel({ mode, carid, latest, warning = null, warningId = null, className }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [on, setOn] = useState<ReadonlySet<UseKey>>(() => new Set(INITIAL_ON[mode]));
  const analysis = useQuery(carAnalysisQuery(carid));
  const near = useQuery(nearRiskPointsQuery(warningId));

  const sources = useMemo(
    () => ({
      latest,
      warning,
      analysis: carid === null ? NO_ANALYSIS : analysis.data,
      riskPoints: warningId === null ? NO_POINTS : near.data,
    }),
    [latest, warning, carid, analysis.data, warningId, near.data],
  );
  const sets = useMemo(
    () => Object.fromEntries(USE_KEYS.map((k) => [k, markersOf(k, sources, t, lang)])) as Record<UseKey, UseMarker[] | undefined>,
    [sources, t, lang],
  );

  const toggle = (key: UseKey) => {
    const next = new Set(on);
    if (next.has(key)) next.delete(key);
    else {
      next.add(key);
      if (sets[key]?.length === 0) void message.info(t(EMPTY_MESSAGES[key]));
    }
    setOn(next);
  };

  const shown = USE_KEYS.filter((k) => on.has(k)).flatMap((k) => sets[k] ?? []);
  const fitKey = USE_KEYS.map((k) => (on.has(k) ? `${k}:${sets[k]?.length ?? '-'}` : '')).join('|');
  const start = warning ?? latest;
  const loading = (analysis.isFetching && carid !== null) || (near.isFetching && warningId !== null);

  return (
    <div className={className ? `vu-panel ${className}` : 'vu-panel'}>
      <div className="vu-toggles" role="toolbar" aria-label={t('warningDetail.map')}>
        {USE_KEYS.map((k) => (
          <Button key={k} size="small" type={on.has(k) ? 'primary' : 'default'} aria-pressed={on.has(k)} onClick={() => toggle(k)}>
            {t(BUTTON_LABELS[k])}
          </Button>
        ))}
        {loading && (
          <span className="vu-loading">
            <Spin size="small" /> {t('vehicleUse.loading')}
          </span>
        )}
      </div>
      <div className="vu-map">
        <MapView center={start ? [start.lng, start.lat] : FIXED_CENTER} zoom={START_ZOOM}>
          <VehicleUseLayer markers={shown.filter((m) => m.key !== 'riskPoint')} />
          {on.has('riskPoint') && <RiskPointLayer points={sources.riskPoints ?? NO_POINTS} interactive={false} />}
          <FitVisible points={shown} fitKey={fitKey} />
        </MapView>
      </div>
    </div>
  );
}
