import { DispatchForm, type GeoPlace } from '@cvrisk/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../lib/i18n/translate';
import {
  carFields, dispatchProblems, isReserveDisabled, LIMITS, placeAddress, quickDispatchDefaults, toDispatchBody, type QuickDispatchValues,
} from './quickDispatchForm';

const zh = makeTranslate('zh');
const now = dayjs('2026-03-18 10:00:00');
const good: QuickDispatchValues = {
  realName: '李师傅',
  phone: '13812345678',
  carOwnerName: '王伟',
  reserveTime: dayjs('2026-03-19 09:30:00'),
  orderType: 1,
  brandName: '奥迪',
  carFrameNumber: 'lfv3a23c0j3000001',
  deviceSource: 1,
  installProductId: 2,
  address: '浙江省杭州市西湖区文三路90号',
  lng: 120.153212,
  lat: 30.254118,
};

/** The contract's first message per field, for the fields the form checks. */
function contractMessages(v: QuickDispatchValues): Record<string, string> {
  const r = DispatchForm.safeParse({ ...v, reserveTime: v.reserveTime?.format('YYYY-MM-DD HH:mm:ss') });
  const out: Record<string, string> = {};
  for (const issue of r.success ? [] : r.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('quick-dispatch defaults', () => {
  it('open an install order with the installer bringing the devices, nothing else filled', () => {
    expect(quickDispatchDefaults()).toEqual({ orderType: 1, deviceSource: 1 });
  });
});

describe('quick-dispatch checks', () => {
  it('pass a complete form', () => {
    expect(dispatchProblems(good, zh, now)).toEqual({});
  });

  it('want a mobile number: 11 digits starting with 1', () => {
    for (const phone of ['2381234567', '1381234567', '138123456789', '1381234567a', '23812345678']) {
      expect(dispatchProblems({ ...good, phone }, zh, now).phone, phone).toBe('请输入正确的手机号码');
    }
    expect(dispatchProblems({ ...good, phone: ' ' }, zh, now).phone).toBe('请输入联系电话');
    expect(dispatchProblems({ ...good, phone: '19900001111' }, zh, now).phone).toBeUndefined();
  });

  it('say what is missing in the contract\'s own words', () => {
    const blank: QuickDispatchValues = { ...good, realName: ' ', phone: '', carOwnerName: '', brandName: '', carFrameNumber: '', address: '' };
    const ours = dispatchProblems(blank, zh, now);
    expect(ours).toEqual({
      realName: '请输入联系人', phone: '请输入联系电话', carOwnerName: '请输入车主姓名', brandName: '请输入品牌', carFrameNumber: '请输入车架号', address: '请选择安装地址',
    });
    expect(ours).toEqual(contractMessages(blank));
    const bad = { ...good, phone: '12345', realName: '李'.repeat(LIMITS.name + 1), carFrameNumber: 'L'.repeat(LIMITS.frame + 1), address: '路'.repeat(LIMITS.address + 1) };
    expect(dispatchProblems(bad, zh, now)).toEqual(contractMessages(bad));
  });

  it('ask for the product of an install order only', () => {
    expect(dispatchProblems({ ...good, installProductId: undefined }, zh, now)).toEqual({ installProductId: '请选择安装产品' });
    expect(dispatchProblems({ ...good, orderType: 2, installProductId: undefined }, zh, now)).toEqual({});
  });

  it('ask for a point on the map when only the address text is there', () => {
    expect(dispatchProblems({ ...good, lng: undefined, lat: undefined }, zh, now)).toEqual({ address: '请在地图上点击或搜索地址选择安装位置' });
  });

  it('refuse a reservation more than one day in the past, and none at all', () => {
    expect(dispatchProblems({ ...good, reserveTime: now.subtract(2, 'day') }, zh, now).reserveTime).toBe('预约时间不能早于一天前');
    expect(dispatchProblems({ ...good, reserveTime: null }, zh, now).reserveTime).toBe('请选择预约时间');
  });
});

describe('the reservation calendar', () => {
  it('disables what is earlier than one day before now', () => {
    expect(isReserveDisabled(now.subtract(1, 'day').subtract(1, 'second'), now)).toBe(true);
    expect(isReserveDisabled(now.subtract(3, 'day'), now)).toBe(true);
    expect(isReserveDisabled(now.subtract(1, 'day').add(1, 'second'), now)).toBe(false);
    expect(isReserveDisabled(now, now)).toBe(false);
    expect(isReserveDisabled(now.add(30, 'day'), now)).toBe(false);
  });
});

describe('places and cars', () => {
  const place = (name: string, fullName: string, level: GeoPlace['level']): GeoPlace => ({ name, fullName, level, lng: 120, lat: 30, source: 'gazetteer' });

  it('take the whole address of a searched place once', () => {
    expect(placeAddress(place('西湖区', '浙江省杭州市西湖区', 'district'))).toBe('浙江省杭州市西湖区');
    expect(placeAddress(place('杭州市', '浙江省杭州市', 'city'))).toBe('浙江省杭州市');
    expect(placeAddress({ ...place('浙江省杭州市西湖区文三路90号', '浙江省杭州市', 'poi'), source: 'amap' })).toBe('浙江省杭州市西湖区文三路90号');
    expect(placeAddress({ ...place('西湖文化广场', '浙江省杭州市', 'poi'), source: 'amap' })).toBe('浙江省杭州市西湖文化广场');
  });

  it('fill frame number, brand and owner from a chosen car', () => {
    const car = { carId: 9, carFrameNumber: 'LFV3A23C0J3000001', plateNumber: '浙A12345', brandName: '奥迪', carOwnerName: '王伟', deptName: '杭州宝龙奥迪4S店' };
    expect(carFields(car)).toEqual({ carFrameNumber: 'LFV3A23C0J3000001', brandName: '奥迪', carOwnerName: '王伟' });
  });
});

describe('the call body', () => {
  it('sends the time as text, trimmed fields and the frame number in capitals', () => {
    expect(toDispatchBody({ ...good, realName: ' 李师傅 ' })).toEqual({
      realName: '李师傅', phone: '13812345678', carOwnerName: '王伟', reserveTime: '2026-03-19 09:30:00', orderType: 1, brandName: '奥迪',
      carFrameNumber: 'LFV3A23C0J3000001', deviceSource: 1, installProductId: 2, address: '浙江省杭州市西湖区文三路90号', lng: 120.153212, lat: 30.254118,
    });
  });

  it('sends a maintenance order without a product', () => {
    const body = toDispatchBody({ ...good, orderType: 2, deviceSource: 2, installProductId: undefined });
    expect(body).toMatchObject({ orderType: 2, deviceSource: 2 });
    expect(body.installProductId).toBeUndefined();
  });
});
