import { RISK_POINT_CATEGORY_LABELS, RiskPointCategories, type RiskPointCategory, type RiskPointItem } from '@cvrisk/contracts';
import { Checkbox } from 'antd';
import L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { textElement } from '../../../lib/safeText';
import { useMap } from '../MapContext';
import { RISK_POINT_STYLES } from './riskPointStyle';
import './layers.css';

type Props = {
  points: readonly RiskPointItem[];
  /** Categories switched off in the legend. */
  hidden?: ReadonlySet<RiskPointCategory>;
  selectedId?: number | null;
  onSelect?: (point: RiskPointItem) => void;
  /** A point being edited: the editor shows it instead. */
  hiddenId?: number | null;
  interactive?: boolean;
  /**
   * The map fits the points each time this changes to a new value (a new filter whose points have
   * arrived); not on refetches, a base-layer switch or a selection, which must not move the view.
   */
  fitKey?: string;
};

const RADIUS = 9;
const SELECTED_RADIUS = 13;
const GLYPH_FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif';

/** What Leaflet's canvas renderer keeps on a circle marker, not in its typings. */
type CanvasInternals = { _renderer: { _drawing?: boolean; _ctx?: CanvasRenderingContext2D }; _point: L.Point; _radius: number; _empty(): boolean };

/**
 * A circle marker with a character in it, drawn on the shared canvas like any path (thousands stay
 * fast, no DOM per point). Leaflet redraws a canvas path through `_updatePath`; the glyph follows.
 */
class GlyphMarker extends L.CircleMarker {
  constructor(latlng: L.LatLngExpression, private readonly glyph: string, options: L.CircleMarkerOptions) {
    super(latlng, options);
  }

  _updatePath(): void {
    (L.CircleMarker.prototype as unknown as { _updatePath(this: L.CircleMarker): void })._updatePath.call(this);
    const self = this as unknown as CanvasInternals;
    const ctx = self._renderer._ctx;
    if (!self._renderer._drawing || !ctx || self._empty()) return;
    ctx.save();
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${Math.round(self._radius * 1.15)}px ${GLYPH_FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(this.glyph, self._point.x, self._point.y + 1);
    ctx.restore();
  }
}

/** Risk points as round markers in their category's colour and character; the selected one is larger. */
export function RiskPointLayer({ points, hidden, selectedId = null, hiddenId = null, onSelect, interactive = true, fitKey }: Props) {
  const { map, toMap } = useMap();
  const { lang } = useI18n();
  const select = useEffectEvent((p: RiskPointItem) => onSelect?.(p));

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const ordered = [...points].sort((a, b) => Number(a.id === selectedId) - Number(b.id === selectedId));
    for (const p of ordered) {
      if (p.id === hiddenId || (hidden?.has(p.category) && p.id !== selectedId)) continue;
      const style = RISK_POINT_STYLES[p.category];
      const selected = p.id === selectedId;
      const marker = new GlyphMarker(toMap(p.lng, p.lat), style.glyph[lang], {
        radius: selected ? SELECTED_RADIUS : RADIUS,
        color: selected ? '#fadb14' : '#fff',
        weight: selected ? 3 : 1.5,
        fillColor: style.color,
        fillOpacity: 1,
        interactive,
      }).addTo(group);
      marker.bindTooltip(textElement(`${p.name} · ${RISK_POINT_CATEGORY_LABELS[p.category][lang]}`), { direction: 'top', offset: [0, -RADIUS] });
      if (interactive) marker.on('click', () => select(p));
    }
    return () => {
      group.remove();
    };
  }, [map, toMap, lang, points, hidden, selectedId, hiddenId, interactive]);

  const fitAll = useEffectEvent(() => {
    if (points.length === 0) return;
    const bounds = L.latLngBounds(points.map((p) => toMap(p.lng, p.lat)));
    map.fitBounds(bounds, { padding: L.point(40, 40), maxZoom: 15 });
  });
  useEffect(() => {
    if (fitKey !== undefined) fitAll();
  }, [fitKey]);

  return null;
}

type LegendProps = {
  /** How many of each category are on the map. */
  counts: Partial<Record<RiskPointCategory, number>>;
  hidden: ReadonlySet<RiskPointCategory>;
  onToggle: (category: RiskPointCategory) => void;
};

/** The key to the markers, one switch per category. Place it as an overlay child of the map. */
export function RiskPointLegend({ counts, hidden, onToggle }: LegendProps) {
  const { t, lang } = useI18n();
  return (
    <div className="map-overlay risk-legend" role="group" aria-label={t('riskPoint.legend')}>
      {RiskPointCategories.map((c) => (
        <Checkbox key={c} checked={!hidden.has(c)} onChange={() => onToggle(c)} className="risk-legend-item">
          <span className="risk-legend-swatch" style={{ background: RISK_POINT_STYLES[c].color }} aria-hidden>
            {RISK_POINT_STYLES[c].glyph[lang]}
          </span>
          <span className="risk-legend-label">{RISK_POINT_CATEGORY_LABELS[c][lang]}</span>
          <span className="risk-legend-count">{counts[c] ?? 0}</span>
        </Checkbox>
      ))}
    </div>
  );
}
