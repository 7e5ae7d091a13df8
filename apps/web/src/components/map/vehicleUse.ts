import { CarAnalysisCalls, WarningDetailCalls, type CarDataAnalysis, type CommonPlace, type NearRiskPoint } from '@cvrisk/contracts';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { call } from '../../api/call';
import { formatSeconds } from '../../lib/format';
import type { Lang, MessageKey, Translate } from '../../lib/i18n/translate';

/** The panel's seven sets, in the order of their buttons (console-spec §2). */
export const USE_KEYS = ['latest', 'warning', 'riskPoint', 'useCarArea', 'work', 'home', 'frequentStop'] as const;
export type UseKey = (typeof USE_KEYS)[number];
export type PanelMode = 'detail' | 'portrait';

/** Detail: the two positions; portrait: everything but the risk points (they belong to a warning). */
export const INITIAL_ON: Record<PanelMode, readonly UseKey[]> = {
  detail: ['latest', 'warning'],
  portrait: USE_KEYS.filter((k) => k !== 'riskPoint'),
};

export const BUTTON_LABELS: Record<UseKey, MessageKey> = {
  latest: 'vehicleUse.latest',
  warning: 'vehicleUse.warning',
  riskPoint: 'vehicleUse.riskPoint',
  useCarArea: 'vehicleUse.useCarArea',
  work: 'vehicleUse.work',
  home: 'vehicleUse.home',
  frequentStop: 'vehicleUse.frequentStop',
};

/** What the operator is told when a switched-on set has nothing to show. */
export const EMPTY_MESSAGES: Record<UseKey, MessageKey> = {
  latest: 'vehicleUse.emptyLatest',
  warning: 'vehicleUse.emptyWarning',
  riskPoint: 'vehicleUse.emptyRiskPoint',
  useCarArea: 'vehicleUse.emptyArea',
  work: 'vehicleUse.emptyWork',
  home: 'vehicleUse.emptyHome',
  frequentStop: 'vehicleUse.emptyStop',
};

/** A marker of the panel, WGS-84; `weight` (0–1) shades the common-area cells by time spent. */
export type UseMarker = { key: UseKey; lng: number; lat: number; tip: string; weight?: number };
export type Point = { lng: number; lat: number };

export function carAnalysisQuery(carid: number | null) {
  return queryOptions({
    queryKey: ['carAnalysis', carid],
    queryFn: carid === null ? skipToken : ({ signal }) => call(CarAnalysisCalls.analysis, { query: { carid } }, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function nearRiskPointsQuery(warningId: number | null) {
  return queryOptions({
    queryKey: ['warningNearRiskPoints', warningId],
    queryFn: warningId === null ? skipToken : ({ signal }) => call(WarningDetailCalls.nearRiskPoints, { query: { id: warningId } }, { signal }),
  });
}

type Sources = { latest: Point | null; warning: Point | null; analysis: CarDataAnalysis | undefined; riskPoints: NearRiskPoint[] | undefined };

/** Each set's markers; undefined while its data is still loading. */
export function markersOf(key: UseKey, s: Sources, t: Translate, lang: Lang): UseMarker[] | undefined {
  const place = (tipKey: MessageKey) => (p: CommonPlace): UseMarker => ({
    key, lng: p.lng, lat: p.lat,
    tip: t(tipKey, { address: p.commonAddress, count: p.count, duration: formatSeconds(p.totalMinutes * 60, lang) }),
  });
  switch (key) {
    case 'latest':
      return s.latest ? [{ key, ...s.latest, tip: t('vehicleUse.latest') }] : [];
    case 'warning':
      return s.warning ? [{ key, ...s.warning, tip: t('vehicleUse.warning') }] : [];
    case 'riskPoint':
      return s.riskPoints?.map((p) => ({ key, lng: p.lng, lat: p.lat, tip: t('vehicleUse.riskPointTip', { name: p.name, distance: p.distance }) }));
    case 'useCarArea': {
      const cells = s.analysis?.useCarArea;
      const most = Math.max(...(cells ?? []).map((c) => c.hours), 0.1);
      return cells?.map((c) => ({ key, lng: c.lng, lat: c.lat, tip: t('vehicleUse.areaTip', { hours: c.hours }), weight: c.hours / most }));
    }
    case 'work':
      return s.analysis?.dayList.map(place('vehicleUse.workTip'));
    case 'home':
      return s.analysis?.nightList.map(place('vehicleUse.homeTip'));
    case 'frequentStop':
      return s.analysis?.listWeek.map(place('vehicleUse.placeTip'));
  }
}
