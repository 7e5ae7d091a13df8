import { describe, expect, it } from 'vitest';
import { DevLatestQuery } from './device.js';
import { RiskWarningFeedQuery } from './warning-feed.js';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')} ${i.message}`);

describe('time ranges (timeRangeInOrder)', () => {
  it('refuses a begin after the end, naming the begin, and lets equal times and half ranges through', () => {
    expect(issues(RiskWarningFeedQuery.safeParse({ beginDate: '2026-11-22 10:00:00', endDate: '2026-11-22 09:00:00' }))).toEqual([
      'beginDate 开始时间不能晚于结束时间',
    ]);
    expect(RiskWarningFeedQuery.safeParse({ beginDate: '2026-11-22 10:00:00', endDate: '2026-11-22 10:00:00' }).success).toBe(true);
    expect(RiskWarningFeedQuery.safeParse({ beginDate: '2026-11-22 10:00:00' }).success).toBe(true);
  });

  it('checks each range of a query and reports every one out of order', () => {
    const q = { installTimeStart: '2026-11-02 00:00:00', installTimeEnd: '2026-11-01 00:00:00', lastTimeStart: '2026-11-22 10:00:01', lastTimeEnd: '2026-11-22 10:00:00' };
    expect(issues(DevLatestQuery.safeParse(q))).toEqual([
      'installTimeStart 安装开始时间不能晚于安装结束时间',
      'lastTimeStart 最后上报开始时间不能晚于最后上报结束时间',
    ]);
  });
});
