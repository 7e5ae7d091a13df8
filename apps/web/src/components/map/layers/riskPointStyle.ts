import type { RiskPointCategory } from '@cvrisk/contracts';

type CategoryStyle = {
  /** Marker fill on the map and the legend's swatch. */
  color: string;
  /** antd Tag colour of the same hue, for lists. */
  tag: string;
  /** One character drawn in the marker, so categories differ by more than colour alone. */
  glyph: { zh: string; en: string };
};

/**
 * One look per risk-point category, shared by the map, its legend and the lists. Second-mortgage
 * points are the riskiest (cars get pawned there), hence red; every fill keeps a white glyph legible.
 */
export const RISK_POINT_STYLES: Record<RiskPointCategory, CategoryStyle> = {
  mortgage: { color: '#cf1322', tag: 'red', glyph: { zh: '押', en: 'M' } },
  pawnshop: { color: '#b45309', tag: 'orange', glyph: { zh: '典', en: 'P' } },
  usedCar: { color: '#722ed1', tag: 'purple', glyph: { zh: '市', en: 'U' } },
  dismantling: { color: '#006d75', tag: 'cyan', glyph: { zh: '拆', en: 'D' } },
  repair: { color: '#1668dc', tag: 'blue', glyph: { zh: '修', en: 'R' } },
  other: { color: '#595959', tag: 'default', glyph: { zh: '其', en: 'O' } },
};
