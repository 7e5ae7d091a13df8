import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../../scripts/build.mjs';
import { assert, dismissNotices, pick, signedIn } from '../helpers.mjs';

// The fleet simulator's JT/T 808 terminal, from the server the runner has just built.
const { VirtualTerminal, locationFix } = await import(pathToFileURL(path.join(root, 'apps/server/dist/telemetry/simulator/virtual-terminal.js')).href);

/** Signs a demo account in through the API (as an integration's administrator would) and returns a caller. */
async function apiAs(baseUrl, username) {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo@2026' }),
  }).then((r) => r.json());
  const token = login.data.accessToken;
  return (url, body) =>
    fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json', accessToken: token }, body: JSON.stringify(body ?? {}) }).then((r) => r.json());
}

/** A wired device of operator1's scope with no unhandled power-cut warning, so a power cut raises a new one. */
async function wiredDeviceWithoutPowerCut(call) {
  const devices = (await call('/api/device/getDevList', { pageNumber: 1, pageSize: 50, deviceKind: 1 })).result.list;
  for (const d of devices) {
    const found = (await call('/api/indexMonitoring/queryQuickly', { quickParam: d.deviceNumber })).result;
    if (!found.warnList.list.some((w) => w.warningType === 2 && w.deviceNumber === d.deviceNumber)) return d;
  }
  throw new Error('no wired device without an open power-cut warning');
}

export const tests = [
  {
    name: 'operator1 sees the ticker and badge, finds a device by quick search, and a warning made by a simulated terminal arrives live',
    async run({ page, baseUrl, jt808Port, dataDir, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      const ticker = page.locator('.topbar-ticker');
      await ticker.waitFor();
      await page.locator('.topbar-ticker-item:not(.is-empty)').first().waitFor();
      const badge = page.locator('.topbar-badge .ant-badge-count');
      await badge.waitFor();
      assert.match(await badge.getAttribute('title'), /^\d+$/, 'the badge shows the unhandled count');
      await shot('11-topbar');

      const operator = await apiAs(baseUrl, 'operator1');
      const device = await wiredDeviceWithoutPowerCut(operator);
      const number = device.deviceNumber;
      const search = page.getByRole('combobox', { name: '设备号/手机号/车架号/姓名' });
      await search.click();
      await search.fill(number);
      await page.locator('.ant-select-item-group').filter({ hasText: '设备监控' }).waitFor();
      await shot('11-quick-search');
      // The device's own option (its first line is the number alone), not a warning of that device.
      await pick(page, page.locator('.ant-select-item-option .topbar-option > span:first-child').filter({ hasText: new RegExp(`^${number}$`) }));
      await page.waitForURL(new RegExp(`#/monitor/onlineMonitoring\\?deviceNumber=${number}&monitor=dev`));
      // The map screen has loaded (a navigation keeps the old screen up while the new one's code arrives).
      await page.locator('.leaflet-container').waitFor();

      // The page must not reload between now and the live warning.
      await page.evaluate(() => {
        window.__sameDocument = true;
      });
      // The simulator's virtual terminal reports a power cut over JT/T 808, as a tracker would.
      // It is the demo fleet's terminal: a fitted one proves itself with the code the first start
      // registered it with, kept for the simulator in DATA_DIR (its number alone registers nothing);
      // one still in stock registers inside the window its stock import opened.
      const terminal = new VirtualTerminal({ host: '127.0.0.1', port: jt808Port, deviceNumber: number, version: 2013, model: 'GT06N' });
      await terminal.connect();
      const codes = JSON.parse(fs.readFileSync(path.join(dataDir, 'simulator-auth-codes.json'), 'utf8'));
      const code = codes[number] ?? (await terminal.register());
      assert.ok(code && (await terminal.authenticate(code)), 'the virtual terminal signs in');
      const acked = await terminal.report(locationFix({ time: Date.now(), lng: 120.16, lat: 30.27, speed: 0, direction: 0, acc: false, alarm: 1 << 8 }));
      terminal.close();
      assert.equal(acked, 0, 'the gateway stored the report');

      // This device's power cut on top (the ticker names the car by its plate, or the device): the live
      // fleet raises power cuts of its own, one of which may have been on top already.
      const fresh = page.locator('.topbar-ticker-track li').first();
      await fresh.filter({ hasText: '断电预警' }).filter({ hasText: device.plateNumber || number }).waitFor({ timeout: 20_000 });
      // The pointer holds the carousel still on the new warning, which stays a whole interval on top:
      // held at once, before the picture, which on a busy machine can take longer than that interval.
      await ticker.hover();
      assert.equal(await page.locator('.topbar-ticker-track').evaluate((el) => el.style.transform), 'translateY(0px)', 'the new warning is the one in view');
      assert.ok(await page.evaluate(() => window.__sameDocument === true), 'no reload happened');
      await shot('11-ticker-live');
      await fresh.locator('button').click();
      const dialog = page.getByRole('dialog', { name: '预警信息' });
      await dialog.getByText(number).waitFor();
      // The dialog zooms in: take the picture once it stands.
      await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
      await shot('11-ticker-dialog');
    },
  },
];
