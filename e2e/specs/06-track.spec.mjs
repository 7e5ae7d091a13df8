import fs from 'node:fs';
import { URLSearchParams } from 'node:url';
import { assert, dismissNotices, signedIn } from '../helpers.mjs';

const DAY_MS = 24 * 3600_000;
const SHANGHAI_MS = 8 * 3600_000;
const day = (ms) => new Date(ms + SHANGHAI_MS).toISOString().slice(0, 10);

/** 最近7天 as the screen means it: six days back at 00:00:00 to today 23:59:59 in Shanghai. */
function lastSevenDays() {
  const now = Date.now();
  return { startTime: `${day(now - 6 * DAY_MS)} 00:00:00`, endTime: `${day(now)} 23:59:59` };
}

/**
 * A device of the signed-in user with a track worth replaying in the last 7 days (and, with `drive`, a
 * drive to play from: `driving` is its place along the track, 0–1), found through the
 * API the console itself uses (the demo fleet's history differs from device to device).
 */
async function deviceWithTrack(page, deviceKind, enough) {
  const period = lastSevenDays();
  return page.evaluate(
    async ({ deviceKind, period, enough }) => {
      const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
      const devices = await window.fetch('/api/device/getDevList', { method: 'POST', headers, body: JSON.stringify({ pageNumber: 1, pageSize: 40, deviceKind }) }).then((r) => r.json());
      const url = deviceKind === 1 ? '/api/device/trackReplayWired' : '/api/device/trackReplayWireless';
      for (const d of devices.result.list) {
        const qs = new window.URLSearchParams({ deviceNumber: d.deviceNumber, ...period });
        const track = await window.fetch(`${url}?${qs}`, { headers }).then((r) => r.json());
        const { list, stops } = track.result;
        if (list.length < enough.fixes || stops.length < enough.stops) continue;
        // The middle of the longest drive in the first 60 % of the fixes: where a replay visibly moves.
        let best = { from: 0, length: 0 };
        let from = -1;
        for (let i = 0; i < Math.floor(list.length * 0.6); i++) {
          if (list[i].speed > 10) {
            if (from < 0) from = i;
            if (i - from + 1 > best.length) best = { from, length: i - from + 1 };
          } else from = -1;
        }
        if (enough.drive && best.length < 5) continue;
        return { deviceNumber: d.deviceNumber, fixes: list.length, stops: stops.length, driving: (best.from + best.length / 2) / (list.length - 1) };
      }
      return null;
    },
    { deviceKind, period, enough },
  );
}

/** Leaflet animates pans for a quarter of a second; a picture taken meanwhile is half-moved. */
async function mapSettled(page) {
  await page.locator('.leaflet-zoom-anim').waitFor({ state: 'detached' });
  await page.waitForTimeout(400);
}

const playerTime = (page) => page.locator('.track-player-time').innerText();

/** The vehicle marker's place on screen (Leaflet positions markers with translate3d). */
const vehiclePlace = (page) => page.locator('.vehicle-marker-arrow').evaluate((el) => el.parentElement.style.transform);

export const tests = [
  {
    name: 'an operator replays a wired track of the last 7 days, plays it at 32×, seeks, and exports KML',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      const found = await deviceWithTrack(page, 1, { fixes: 200, stops: 2, drive: true });
      assert.ok(found, 'operator1 has a wired device with a week of history');
      const { deviceNumber } = found;

      // The monitoring card links here with the device number only: today is replayed at once.
      await page.goto(`${baseUrl}/#/monitor/trackPlayback?deviceNumber=${deviceNumber}`);
      // Exact: the top bar's quick search is labelled 设备号/手机号/车架号/姓名.
      const numberField = page.locator('.track-search').getByLabel('设备号', { exact: true });
      await numberField.waitFor();
      assert.equal(await numberField.inputValue(), deviceNumber, 'the device number is filled in from the link');
      await page.locator('.track-search').getByText('最近7天').click();
      await page.waitForURL(/startTime=/);
      // The week is loaded once the panel counts at least the fixes the API had a moment ago (the car
      // may report more meanwhile); today's track, shown first, has fewer.
      await page.waitForFunction((least) => {
        const m = /第 1 \/ (\d+) 个点/.exec(document.querySelector('.track-fix-panel')?.textContent ?? '');
        return m && Number(m[1]) >= least;
      }, found.fixes);
      const stops = page.locator('.track-list-card').filter({ hasText: '停留点' });
      const stopCount = await stops.locator('.track-list-item').count();
      assert.ok(stopCount >= found.stops, `every stop of the week is listed (${stopCount})`);
      assert.match(await stops.locator('.ant-card-head-title').innerText(), new RegExp(`停留点（${stopCount}）`));
      await page.locator('.track-legend').getByText('速度 (km/h)').waitFor();
      assert.equal(await page.locator('.track-pin-start').count(), 1, 'the start is marked');
      assert.equal(await page.locator('.track-pin-end').count(), 1, 'the end is marked');
      assert.equal(await page.locator('.track-stop').count(), stopCount, 'each stop has its numbered marker');
      const period = lastSevenDays();
      const start = await playerTime(page);
      assert.ok(start >= period.startTime && start <= period.endTime, `the replay starts within the period (${start})`);
      await dismissNotices(page);

      // Played from a drive (a week starts at midnight, when the car is parked for hours).
      const slider = page.locator('.track-player-slider');
      const box = await slider.boundingBox();
      await slider.click({ position: { x: box.width * found.driving, y: box.height / 2 } });
      await page.waitForFunction((before) => document.querySelector('.track-player-time')?.textContent !== before, start);
      const first = await playerTime(page);
      await page.locator('.track-player').getByText('32×').click();
      const place = await vehiclePlace(page);
      await page.getByRole('button', { name: /播\s*放/ }).click();
      await page.waitForFunction((before) => document.querySelector('.track-player-time')?.textContent !== before, first);
      await page.waitForFunction((before) => document.querySelector('.vehicle-marker-arrow')?.parentElement.style.transform !== before, place);
      await page.getByRole('button', { name: /暂\s*停/ }).click();
      const paused = await playerTime(page);
      assert.ok(paused > first, `the replay moved on (${first} → ${paused})`);
      assert.equal(await page.locator('.track-fix-time').innerText(), paused, 'the panel shows the current fix');

      // Seeking: three quarters along the slider is later in the week.
      await slider.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
      await page.waitForFunction((before) => document.querySelector('.track-player-time')?.textContent !== before, paused);
      const sought = await playerTime(page);
      assert.ok(sought > paused, `seeking forward (${paused} → ${sought})`);
      await page.locator('.track-fix-panel').getByText('地址').waitFor();
      // The slider keeps its time tooltip while it has the focus; it would cover the map in the picture.
      await page.locator('.track-player-slider .ant-slider-handle').blur();
      await page.mouse.move(600, 880);
      await page.locator('.ant-slider-tooltip').waitFor({ state: 'hidden' });
      await shot('06-track-playback');

      // A stop from the list: the replay goes to when the car stopped there.
      const lastStop = stops.locator('.track-list-item').last();
      const stopStart = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(await lastStop.innerText())[0];
      await lastStop.click();
      await page.waitForFunction((at) => document.querySelector('.track-player-time')?.textContent >= at, stopStart);

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: '导出KML' }).click();
      const download = await downloading;
      assert.match(download.suggestedFilename(), new RegExp(`^轨迹-${deviceNumber}-\\d{8}-\\d{8}\\.kml$`));
      const kml = fs.readFileSync(await download.path(), 'utf8');
      assert.match(kml, /<kml xmlns="http:\/\/www.opengis.net\/kml\/2.2">/);
      assert.match(kml, /<LineString>.*<coordinates>\s*\d+\.\d{6},\d+\.\d{6} \d+\.\d{6},\d+\.\d{6}/s);
      assert.ok((kml.match(/<name>停留 \d+<\/name>/g) ?? []).length >= stopCount, 'every stop is a placemark');
    },
  },
  {
    name: 'the wireless track shows each fix labelled by how it was located',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      const found = await deviceWithTrack(page, 2, { fixes: 4, stops: 0 });
      assert.ok(found, 'operator1 has a wireless device that reported this week');
      const { deviceNumber } = found;
      const period = lastSevenDays();
      await page.goto(`${baseUrl}/#/monitor/wirelessTrack?${new URLSearchParams({ deviceNumber, ...period })}`);
      const fixes = page.locator('.track-list-card').filter({ hasText: '定位点' });
      await fixes.locator('.track-list-item').first().waitFor();
      const count = await fixes.locator('.track-list-item').count();
      assert.ok(count >= found.fixes, `every fix of the week is listed (${count})`);
      const labels = await page.locator('.leaflet-marker-pane .fix-point').allInnerTexts();
      assert.equal(labels.length, count, 'one labelled marker per fix');
      assert.ok(labels.every((l) => ['卫星', '基站', 'WiFi'].includes(l)), `fix types: ${[...new Set(labels)].join(',')}`);
      await dismissNotices(page);
      await mapSettled(page);
      await shot('06-wireless-track');
      // Stepping fix by fix: choosing the third fix shows its time.
      const third = fixes.locator('.track-list-item').nth(Math.min(2, count - 1));
      const time = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(await third.innerText())[0];
      await third.click();
      await page.waitForFunction((at) => document.querySelector('.track-player-time')?.textContent === at, time);
      assert.equal(await page.locator('.vehicle-marker-ring').count(), 1, 'the current fix is ringed');
    },
  },
];
