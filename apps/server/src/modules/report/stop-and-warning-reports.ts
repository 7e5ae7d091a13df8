import {
  formatTime, parseTime, WARNING_TYPE_BY_CODE, WARNING_TYPE_CODES,
  type ParkingRow, type ReportExportQuery, type WarningStatRow, type WarningTypeCode,
} from '@cvrisk/contracts';
import { reverseGeocode } from '../../geo/gazetteer.js';
import type { XlsxColumn } from '../../lib/xlsx.js';
import { COLUMNS } from './report-columns.js';
import { isDesc, type ReportDef } from './report-def.js';
import { carOf, round2 } from './report-mapping.js';
import type { StopsRepository } from './stops.repository.js';
import type { StatsBy, WarningStatsRepository } from './warning-stats.repository.js';

const address = (lng: number, lat: number) => reverseGeocode(lng, lat)?.address ?? null;

/**
 * The parking chart's places, each told apart: city and district (the gazetteer's finest) with the
 * place's coordinates, rounded to about 100 m, or finer where two places would still share a label.
 */
export function placeLabels(spots: { lng: number; lat: number }[]): string[] {
  const used = new Set<string>();
  return spots.map((s) => {
    const g = reverseGeocode(s.lng, s.lat);
    const area = g ? `${g.city}${g.district ?? ''}` : '';
    for (let digits = 3; ; digits++) {
      const label = `${area}${area ? ' ' : ''}(${s.lng.toFixed(digits)}, ${s.lat.toFixed(digits)})`;
      if (!used.has(label) || digits >= 7) {
        used.add(label);
        return label;
      }
    }
  });
}
const timesOf = <T extends { beginDate: string; endDate: string }>(q: T) => ({ ...q, fromMs: parseTime(q.beginDate)!, toMs: parseTime(q.endDate)! });

/** 停车报表: every stop begun in the period, newest first; its chart is the places stopped at most. */
export function parkingReport(stops: StopsRepository): ReportDef<ReportExportQuery<'parking'>, ParkingRow> {
  return {
    title: '停车报表',
    async page(scope, q, offset, limit) {
      const sort = { field: q.sortField === 'duration' ? 'duration' : 'start_time', desc: isDesc(q.sortOrder, q.sortField) } as const;
      const { rows, count } = await stops.page(scope, timesOf(q), sort, offset, limit);
      const list = rows.map((r) => ({
        ...carOf(r), startTime: formatTime(r.start_time), endTime: formatTime(r.end_time), durationMs: r.end_time - r.start_time,
        ongoing: r.closed === 0, lng: r.lng, lat: r.lat, address: address(r.lng, r.lat),
      }));
      return { list, count };
    },
    async summary(scope, q) {
      const f = timesOf(q);
      const [spots, all] = await Promise.all([stops.hotspots(scope, f), stops.page(scope, f, { field: 'start_time', desc: true }, 0, 0)]);
      return {
        totals: { stops: all.count },
        categories: placeLabels(spots),
        series: [{ name: 'stops', data: spots.map((s) => s.stops) }, { name: 'stopHours', data: spots.map((s) => round2(s.duration_ms / 3600_000)) }],
      };
    },
    columns: COLUMNS.parking,
  };
}

const STAT_COLUMNS: XlsxColumn<WarningStatRow>[] = [
  { header: '部门', width: 26, value: (r) => r.deptName },
  { header: '设备数', width: 8, value: (r) => r.devices },
  ...WARNING_TYPE_CODES.map((code): XlsxColumn<WarningStatRow> => ({
    header: WARNING_TYPE_BY_CODE[code].zh, width: 10, value: (r) => r.byType.find((c) => c.warningType === code)?.count ?? 0,
  })),
  { header: '合计', width: 8, value: (r) => r.total },
  { header: '每百台设备', width: 10, value: (r) => r.per100 },
];

/**
 * 经销商/安装商多维统计: warnings of the period by type per department, and per 100 of its devices.
 * Departments are few, so they are added up and ordered here; the heat map is type × department.
 */
export function warningStatsReport(repo: WarningStatsRepository, by: StatsBy): ReportDef<ReportExportQuery<'dealerStats'>, WarningStatRow> {
  async function rows(scope: Parameters<WarningStatsRepository['counts']>[0], q: ReportExportQuery<'dealerStats'>): Promise<WarningStatRow[]> {
    const { warnings, devices, names } = await repo.counts(scope, timesOf(q), by);
    const ids = [...new Set([...devices.keys(), ...warnings.map((w) => w.deptId)])];
    const list = ids.map((deptId) => {
      const mine = warnings.filter((w) => w.deptId === deptId);
      const byType = WARNING_TYPE_CODES.map((warningType: WarningTypeCode) => ({ warningType, count: mine.find((w) => w.warningType === warningType)?.count ?? 0 }));
      const total = byType.reduce((s, c) => s + c.count, 0);
      const n = devices.get(deptId) ?? 0;
      return { deptId, deptName: names.get(deptId) ?? String(deptId), devices: n, byType, total, per100: n > 0 ? round2((total * 100) / n) : null };
    });
    const field = q.sortField ?? 'total';
    const desc = isDesc(q.sortOrder, field) ? -1 : 1;
    return list.sort((a, b) => ((a[field] ?? -1) - (b[field] ?? -1)) * desc || a.deptName.localeCompare(b.deptName, 'zh'));
  }
  return {
    title: by === 'dealer' ? '经销商多维统计' : '安装商多维统计',
    async page(scope, q, offset, limit) {
      const all = await rows(scope, q);
      return { list: all.slice(offset, offset + limit), count: all.length };
    },
    async summary(scope, q) {
      const all = await rows(scope, q);
      const warnings = all.reduce((s, r) => s + r.total, 0);
      const devices = all.reduce((s, r) => s + r.devices, 0);
      return {
        totals: { warnings, devices, per100: devices > 0 ? round2((warnings * 100) / devices) : 0 },
        categories: all.map((r) => r.deptName),
        series: WARNING_TYPE_CODES.map((code) => ({ name: String(code), data: all.map((r) => r.byType.find((c) => c.warningType === code)!.count) })),
      };
    },
    columns: STAT_COLUMNS,
  };
}
