import { ALARM_TYPES, FENCE_ALARM_ON_LABELS, formatTime, RISK_POINT_CATEGORY_LABELS, type FenceAlarmOn, type RiskPointCategory } from '@cvrisk/contracts';

/** `X天X小时X分` (server-behaviour §12), leading zero parts left out. */
export function durationText(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const [d, h, mi] = [Math.floor(m / 1440), Math.floor((m % 1440) / 60), m % 60];
  const text = `${d ? `${d}天` : ''}${h ? `${h}小时` : ''}${mi || (!d && !h) ? `${mi}分` : ''}`;
  return text;
}

type Detail = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * What each rule found, in one sentence for the operator. The rules write their facts as JSON
 * (engine/rules/*.ts `detail`); the sentence is made here so the wording can change without
 * rewriting stored warnings.
 */
const SENTENCES: Record<number, (d: Detail) => string> = {
  1: (d) => `设备离线${durationText(num(d.hours) * 60)}（最后上报 ${formatTime(num(d.since))}）${d.backAt ? `，${formatTime(num(d.backAt))}恢复上报` : ''}`,
  2: () => '有线设备主电源掉电',
  3: (d) => `设备上报${(Array.isArray(d.alarmTypes) ? d.alarmTypes : []).map((t: number) => ALARM_TYPES[t]?.zh ?? `报警${t}`).join('、')}`,
  4: (d) => {
    const category = RISK_POINT_CATEGORY_LABELS[str(d.category) as RiskPointCategory]?.zh ?? '风险点';
    return `在${category}「${str(d.riskPointName)}」${num(d.distanceM)}米内停留${durationText(num(d.minutes))}`;
  },
  5: (d) => `车辆离开${str(d.region)}，当前位于${str(d.place)}`,
  6: (d) => `车辆在同一地点停留${durationText(num(d.hours) * 60)}未移动`,
  7: (d) => `有线设备与无线设备相距${num(d.km).toFixed(1)}公里`,
  8: (d) => `车辆${FENCE_ALARM_ON_LABELS[str(d.direction) as FenceAlarmOn]?.zh ?? '进出'}围栏「${str(d.fenceName)}」`,
  9: (d) => `近${num(d.nights)}晚的停放地距常驻地${num(d.km).toFixed(1)}公里`,
  10: (d) => `设备离线${durationText(num(d.offlineMinutes))}后在${num(d.km).toFixed(1)}公里外重新上线`,
  11: (d) => `无线设备电量${num(d.battery)}%`,
};

export function describeDetail(warningType: number, detail: string): string {
  let parsed: Detail = {};
  try {
    parsed = JSON.parse(detail) as Detail;
  } catch {
    // A hand-edited or legacy detail still shows the warning, just without its sentence.
  }
  const sentence = SENTENCES[warningType]?.(parsed ?? {}) ?? '';
  // Judged from fixes the terminal kept while it had no network and uploaded afterwards (issue 30).
  return parsed?.lateData === true ? `${sentence}（收到补传数据）` : sentence;
}
