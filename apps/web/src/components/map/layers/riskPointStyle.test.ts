import { RISK_POINT_CATEGORY_LABELS, RiskPointCategories } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { RISK_POINT_STYLES } from './riskPointStyle';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

describe('risk-point category styles', () => {
  it('give every category its own colour and glyph', () => {
    const styles = RiskPointCategories.map((c) => RISK_POINT_STYLES[c]);
    expect(new Set(styles.map((s) => s.color)).size).toBe(RiskPointCategories.length);
    expect(new Set(styles.map((s) => s.tag)).size).toBe(RiskPointCategories.length);
    expect(new Set(styles.map((s) => s.glyph.zh)).size).toBe(RiskPointCategories.length);
    expect(new Set(styles.map((s) => s.glyph.en)).size).toBe(RiskPointCategories.length);
  });

  it('glyphs are a character of the category\'s own name', () => {
    for (const c of RiskPointCategories) {
      expect(RISK_POINT_CATEGORY_LABELS[c].zh).toContain(RISK_POINT_STYLES[c].glyph.zh);
      expect(RISK_POINT_CATEGORY_LABELS[c].en.toUpperCase()).toContain(RISK_POINT_STYLES[c].glyph.en);
    }
  });

  it('keep a white glyph readable on every fill (contrast at least 4.5:1)', () => {
    for (const c of RiskPointCategories) {
      const contrast = 1.05 / (luminance(RISK_POINT_STYLES[c].color) + 0.05);
      expect(contrast, c).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('paints second-mortgage points red, the riskiest', () => {
    expect(RISK_POINT_STYLES.mortgage.tag).toBe('red');
  });
});
