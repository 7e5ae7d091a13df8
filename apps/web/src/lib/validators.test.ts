import { describe, expect, it } from 'vitest';
import * as v from './validators';

type Case = [fn: (s: string) => boolean, good: string[], bad: string[]];

const cases: Record<string, Case> = {
  isPassword: [v.isPassword, ['123456', 'Demo@2026'], ['', '12345']],
  isDigits: [v.isDigits, ['0', '0123456789'], ['', '12a', '1.5', ' 1', '-1']],
  isName: [v.isName, ['张三', 'abc123', '宝马X5'], ['', '张 三', 'a_b', 'x!']],
  isIPv4: [v.isIPv4, ['0.0.0.0', '192.168.1.1', '255.255.255.255'], ['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', 'a.b.c.d']],
  isUrl: [v.isUrl, ['https://www.example.com/a?b=1', 'http://10.0.0.1:8080'], ['www.example.com', 'http://', 'http://a b.com', 'rtsp://x']],
  isPhone: [v.isPhone, ['13800138000', '19912345678'], ['23800138000', '1380013800', '138001380001', '1380013800a']],
  isIdCard: [v.isIdCard, ['110101199003071234', '11010119900307123X', '11010119900307123x', '110101900307123'], ['11010119900307123', '1101011990030712345', '11010119900307123Y', '11010119900307X234']],
  isEmail: [v.isEmail, ['risk@bank.com.cn', 'a.b+c@x.io'], ['a@b', '@b.com', 'a b@c.com', 'a@b.c']],
  isChineseName: [v.isChineseName, ['张三', '欧阳娜娜'], ['张', '欧阳娜娜娜', 'Li Lei', '张3']],
  isTelephone: [v.isTelephone, ['0571-88888888', '021-1234567', '0755-1234567'], ['057188888888', '571-88888888', '021-123456', '021-123456789', '13800138000']],
  isAmount: [v.isAmount, ['0', '0.5', '100', '100.25'], ['100.255', '-1', '01', '.5', '1.', 'abc']],
  isLongitude: [v.isLongitude, ['120.12345', '-180', '180', '0'], ['180.00001', '120.123456', '-181', 'abc']],
  isLatitude: [v.isLatitude, ['30.12345', '-90', '90'], ['90.1', '30.123456', '91']],
  isPort: [v.isPort, ['0', '80', '65535'], ['65536', '-1', '080', '8.0', '']],
  isRtsp: [v.isRtsp, ['rtsp://192.168.1.10:554/stream1', 'rtsp://admin:pw@cam.local/live', 'rtsp://cam'], ['http://cam/live', 'rtsp://', 'rtsp:/cam']],
};

describe('validators', () => {
  for (const [name, [fn, good, bad]] of Object.entries(cases)) {
    it(`${name} accepts valid input`, () => {
      for (const s of good) expect(fn(s), s).toBe(true);
    });
    it(`${name} rejects invalid input`, () => {
      for (const s of bad) expect(fn(s), s).toBe(false);
    });
  }

  it('isBlank treats null, undefined, empty and the text null as blank', () => {
    for (const b of [null, undefined, '', 'null']) expect(v.isBlank(b)).toBe(true);
    for (const b of [' ', '0', 0, 'NULL?', false]) expect(v.isBlank(b)).toBe(false);
  });
});
