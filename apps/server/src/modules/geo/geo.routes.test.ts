import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const get = async (t: TestApp, url: string, token?: string) =>
  (await t.app.inject({ method: 'GET', url, headers: token ? { accessToken: token } : {} })).json();

describe('geo routes on the gazetteer', () => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    t = await createTestApp();
    // Any signed-in user may search: places are not scoped data.
    token = await t.login('installer1');
  });
  afterAll(() => t.close());

  it('finds a city by name, best first', async () => {
    const body = await get(t, `/api/geo/search?keyword=${encodeURIComponent('浙江杭州')}`, token);
    expect(body.code).toBe(200);
    expect(body.result[0]).toMatchObject({ name: '杭州市', fullName: '浙江省杭州市', level: 'city', source: 'gazetteer' });
  });

  it('answers an empty list for an unknown place', async () => {
    const body = await get(t, `/api/geo/search?keyword=${encodeURIComponent('不存在的地方')}`, token);
    expect(body).toMatchObject({ code: 200, result: [] });
  });

  it.each(['', '%20%20', undefined])('asks for an address when the keyword is %s', async (keyword) => {
    const url = keyword === undefined ? '/api/geo/search' : `/api/geo/search?keyword=${keyword}`;
    expect(await get(t, url, token)).toMatchObject({ code: 400, msg: '参数错误：keyword 请输入地址' });
  });

  it('refuses an over-long keyword', async () => {
    const body = await get(t, `/api/geo/search?keyword=${'杭'.repeat(51)}`, token);
    expect(body).toMatchObject({ code: 400, msg: '参数错误：keyword 最多50个字符' });
  });

  it('names a point', async () => {
    const body = await get(t, '/api/geo/reverse?lng=120.62&lat=31.3', token);
    expect(body).toMatchObject({ code: 200, result: { address: '江苏省苏州市姑苏区', province: '江苏省', city: '苏州市', district: '姑苏区' } });
  });

  it('answers null for a point far out at sea', async () => {
    expect(await get(t, '/api/geo/reverse?lng=125&lat=25', token)).toMatchObject({ code: 200, result: null });
  });

  it.each([
    ['lng=&lat=30', '参数错误：lng 不能为空'],
    ['lat=30', '参数错误：lng 不能为空'],
    ['lng=abc&lat=30', '参数错误：lng 应为数字'],
    ['lng=0x10&lat=30', '参数错误：lng 应为数字'],
    ['lng=%20120%20&lat=30', '参数错误：lng 应为数字'],
    ['lng=1e2&lat=30', '参数错误：lng 应为数字'],
    ['lng=120&lat=91', '参数错误：lat 不能大于90'],
  ])('refuses %s', async (query, message) => {
    const body = await get(t, `/api/geo/reverse?${query}`, token);
    expect(body).toMatchObject({ code: 400, msg: message });
  });

  it('wants a session', async () => {
    expect((await get(t, '/api/geo/search?keyword=杭州')).code).toBe(5003);
    expect((await get(t, '/api/geo/reverse?lng=120&lat=30')).code).toBe(5003);
  });
});

describe('geo routes with AMap configured', () => {
  /** A stand-in for restapi.amap.com: answers in GCJ-02, as AMap does. */
  let amap: http.Server;
  let seen: URL[] = [];
  let t: TestApp;
  let down: TestApp;
  let token = '';
  let downToken = '';

  beforeAll(async () => {
    amap = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://amap');
      seen.push(url);
      const body = url.pathname.endsWith('/geo')
        ? url.searchParams.get('address') === '西湖'
          ? { status: '1', geocodes: [{ formatted_address: '浙江省杭州市西湖区', province: '浙江省', city: '杭州市', district: '西湖区', location: '120.130203,30.259324', level: '区县' }] }
          : { status: '1', count: '0', geocodes: [] }
        : { status: '1', regeocode: { formatted_address: '北京市东城区东华门街道天安门', addressComponent: { province: '北京市', city: [], district: '东城区' } } };
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => amap.listen(0, '127.0.0.1', resolve));
    const port = (amap.address() as AddressInfo).port;
    t = await createTestApp({ AMAP_WEB_KEY: 'test-key', AMAP_BASE_URL: `http://127.0.0.1:${port}` });
    token = await t.login('admin');

    // A port nobody listens on: the geocoder is configured but unreachable.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    down = await createTestApp({ AMAP_WEB_KEY: 'test-key', AMAP_BASE_URL: `http://127.0.0.1:${closedPort}` });
    downToken = await down.login('admin');
  });
  afterAll(async () => {
    await t.close();
    await down.close();
    await new Promise((resolve) => amap.close(resolve));
  });

  it('searches AMap first and converts its GCJ-02 answer to WGS-84', async () => {
    seen = [];
    const [place] = (await get(t, `/api/geo/search?keyword=${encodeURIComponent('西湖')}`, token)).result;
    expect(place).toMatchObject({ name: '浙江省杭州市西湖区', fullName: '浙江省杭州市', level: 'district', source: 'amap' });
    // GCJ-02 lies about 500 m east and 250 m north of WGS-84 around Hangzhou.
    expect(place.lng).toBeLessThan(120.130203);
    expect(place.lng).toBeGreaterThan(120.12);
    expect(place.lat).toBeGreaterThan(30.259324);
    expect(seen[0]?.searchParams.get('key')).toBe('test-key');
  });

  it('falls back to the gazetteer when AMap knows nothing', async () => {
    const [place] = (await get(t, `/api/geo/search?keyword=${encodeURIComponent('杭州')}`, token)).result;
    expect(place).toMatchObject({ fullName: '浙江省杭州市', source: 'gazetteer' });
  });

  it('reverse-geocodes through AMap in GCJ-02', async () => {
    seen = [];
    const body = await get(t, '/api/geo/reverse?lng=116.391&lat=39.9075', token);
    expect(body.result).toEqual({ address: '北京市东城区东华门街道天安门', province: '北京市', city: '北京市', district: '东城区' });
    const [lng] = seen[0]!.searchParams.get('location')!.split(',').map(Number);
    expect(lng).toBeGreaterThan(116.391);
  });

  it('answers from the gazetteer when AMap is unreachable', async () => {
    const search = await get(down, `/api/geo/search?keyword=${encodeURIComponent('杭州市')}`, downToken);
    expect(search.result[0]).toMatchObject({ fullName: '浙江省杭州市', source: 'gazetteer' });
    const reverse = await get(down, '/api/geo/reverse?lng=120.149&lat=30.29', downToken);
    expect(reverse.result).toEqual({ address: '浙江省杭州市拱墅区', province: '浙江省', city: '杭州市', district: '拱墅区' });
  });
});
