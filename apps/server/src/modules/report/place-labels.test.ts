import { describe, expect, it } from 'vitest';
import { placeLabels } from './stop-and-warning-reports.js';

describe('the parking chart places', () => {
  it('names each place by its district and coordinates, never two with one label', () => {
    const labels = placeLabels([
      { lng: 120.1551, lat: 30.2741 },
      { lng: 120.1549, lat: 30.2739 },
      { lng: 120.1702, lat: 30.2655 },
    ]);
    expect(labels[0]).toMatch(/^杭州市\S+区 \(120\.155, 30\.274\)$/);
    expect(new Set(labels).size).toBe(3);
    expect(labels[1]).toContain('120.1549');
  });
});
