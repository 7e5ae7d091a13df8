import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { buildKml, durationText } from './track.kml.js';

/** Parses strictly (saxes throws on the first well-formedness error) and collects the elements' texts. */
function parseKml(xml: string): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  const open: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => open.push(tag.local));
  parser.on('closetag', () => open.pop());
  parser.on('text', (text) => {
    const name = open[open.length - 1];
    if (name && text.trim()) texts.set(name, [...(texts.get(name) ?? []), text.trim()]);
  });
  parser.write(xml).close();
  return texts;
}

const fix = (lng: number, lat: number, gpsTime: string) => ({ lng, lat, gpsTime });
const stop = {
  startTime: '2026-11-20 09:00:00', endTime: '2026-11-20 10:05:00', durationMs: 65 * 60_000, closed: true,
  lng: 120.15, lat: 30.28, address: '浙江省杭州市 <西湖> & 周边',
};

describe('buildKml', () => {
  it('writes a well-formed KML 2.2 document with the track as one LineString in lng,lat order', () => {
    const kml = buildKml({
      deviceNumber: '861234567890123', startTime: '2026-11-20 08:00:00', endTime: '2026-11-20 12:00:00',
      fixes: [fix(120.15, 30.28, '2026-11-20 09:00:00'), fix(120.1612345, 30.2812, '2026-11-20 09:10:00')],
      stops: [stop],
    });
    expect(kml).toContain('xmlns="http://www.opengis.net/kml/2.2"');
    const texts = parseKml(kml);
    expect(texts.get('coordinates')).toEqual(['120.150000,30.280000 120.161235,30.281200', '120.150000,30.280000', '120.161235,30.281200', '120.150000,30.280000']);
    expect(texts.get('name')).toEqual(expect.arrayContaining(['起点 2026-11-20 09:00:00', '终点 2026-11-20 09:10:00', '停留 1', '停留点']));
  });

  it('describes each stop with its times, duration and address, escaped', () => {
    const texts = parseKml(buildKml({ deviceNumber: 'x', startTime: 'a', endTime: 'b', fixes: [], stops: [stop, { ...stop, closed: false, address: null }] }));
    const [first, second] = texts.get('description')!;
    expect(first).toBe('开始：2026-11-20 09:00:00\n结束：2026-11-20 10:05:00\n时长：1小时5分\n地址：浙江省杭州市 <西湖> & 周边');
    expect(second).toContain('（仍在停留）');
    expect(second).toContain('地址：-');
  });

  it('shows a single fix as the start only, since a line needs two points', () => {
    const kml = buildKml({ deviceNumber: 'x', startTime: 'a', endTime: 'b', fixes: [fix(1, 2, 't')], stops: [] });
    expect(kml).not.toContain('LineString');
    expect(parseKml(kml).get('coordinates')).toEqual(['1.000000,2.000000']);
  });
});

describe('durationText', () => {
  it.each([
    [5 * 60_000, '5分'],
    [60 * 60_000, '1小时'],
    [(24 * 60 + 61) * 60_000, '1天1小时1分'],
    [30_000, '0分'],
  ])('%i ms → %s', (ms, text) => expect(durationText(ms)).toBe(text));
});
