import type { TrackFix, TrackStop } from '@cvrisk/contracts';

export type KmlTrack = {
  deviceNumber: string;
  startTime: string;
  endTime: string;
  fixes: Pick<TrackFix, 'lng' | 'lat' | 'gpsTime'>[];
  stops: Pick<TrackStop, 'lng' | 'lat' | 'startTime' | 'endTime' | 'durationMs' | 'closed' | 'address'>[];
};

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** KML wants `lng,lat[,alt]`; six decimals are ~0.1 m, what the terminals report. */
const coordinate = (p: { lng: number; lat: number }) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;

/** `1天2小时5分` as server-behaviour §12 writes durations; a stop lasts at least 5 minutes. */
export function durationText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return `${d ? `${d}天` : ''}${h ? `${h}小时` : ''}${m || (!d && !h) ? `${m}分` : ''}`;
}

function point(name: string, style: string, at: { lng: number; lat: number }, description?: string): string {
  const desc = description ? `<description>${escapeXml(description)}</description>` : '';
  return `<Placemark><name>${escapeXml(name)}</name>${desc}<styleUrl>#${style}</styleUrl><Point><coordinates>${coordinate(at)}</coordinates></Point></Placemark>`;
}

/**
 * The replay as KML 2.2 (WGS-84, as KML requires): the track as one LineString, start and end,
 * and a Placemark per stop, so it opens in Google Earth or any GIS tool.
 */
export function buildKml(track: KmlTrack): string {
  const { fixes, stops } = track;
  const title = `${track.deviceNumber} ${track.startTime} 至 ${track.endTime}`;
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '<Document>',
    `<name>${escapeXml(`轨迹 ${title}`)}</name>`,
    '<Style id="track"><LineStyle><color>ffff7a1a</color><width>4</width></LineStyle></Style>',
    '<Style id="start"><IconStyle><color>ff3fb34f</color></IconStyle></Style>',
    '<Style id="end"><IconStyle><color>ff2a2af5</color></IconStyle></Style>',
    '<Style id="stop"><IconStyle><color>ff00a5ff</color></IconStyle></Style>',
  ];
  // A LineString needs two positions; a single fix is still shown as the start.
  if (fixes.length >= 2) {
    parts.push(
      `<Placemark><name>${escapeXml(`轨迹 ${track.deviceNumber}`)}</name><styleUrl>#track</styleUrl>`,
      '<LineString><tessellate>1</tessellate><coordinates>',
      fixes.map(coordinate).join(' '),
      '</coordinates></LineString></Placemark>',
    );
  }
  const first = fixes[0];
  const last = fixes[fixes.length - 1];
  if (first) parts.push(point(`起点 ${first.gpsTime}`, 'start', first));
  if (last && fixes.length >= 2) parts.push(point(`终点 ${last.gpsTime}`, 'end', last));
  if (stops.length > 0) {
    parts.push('<Folder><name>停留点</name>');
    stops.forEach((s, i) => {
      const lines = [
        `开始：${s.startTime}`,
        `结束：${s.closed ? s.endTime : `${s.endTime}（仍在停留）`}`,
        `时长：${durationText(s.durationMs)}`,
        `地址：${s.address || '-'}`,
      ];
      parts.push(point(`停留 ${i + 1}`, 'stop', s, lines.join('\n')));
    });
    parts.push('</Folder>');
  }
  parts.push('</Document>', '</kml>');
  return parts.join('\n');
}
