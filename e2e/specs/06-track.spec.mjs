import fs from 'node:fs';
import { URLSearchParams } from 'node:url';
import { assert, dismissNotices, pick, signedIn } from '../helpers.mjs';

const DAY_MS = 24 * 3600_000;
const SHANGHAI_MS = 8 * 3600_000;
const day = (ms) => new Date(ms + SHANGHAI_MS).toISOString().slice(0, 10);

/** 近7天 as the screen means it: six days back at 00:00:00 to today 23:59:59 in Shanghai. */
function lastSevenDays() {
  const now = Date.now();
  return { startTime: `${day(now - 6 * DAY_MS)} 00:00:00`, endTime: `${day(now)} 23:59:59` };
}

/**
 * A device of the signed-in user with a track worth replaying in the last 7 days (with `drive`, one
 * that drove), found through the API the console itself uses (the demo fleet's history differs from
 * device to device).
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
        if (enough.drive && list.filter((f) => f.speed > 10).length < 20) continue;
        return { deviceNumber: d.deviceNumber, fixes: list.length, stops: stops.length };
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

/** The replayed car is on the road: the current fix's 速度, in the panel, is above zero. */
const driving = (page, timeout) =>
  page.waitForFunction(
    () => {
      const row = [...document.querySelectorAll('.track-fix-items .ant-descriptions-item')].find((el) => el.textContent.startsWith('速度'));
      return Number(/([\d.]+)\s*km\/h/.exec(row?.textContent ?? '')?.[1] ?? 0) > 0;
    },
    null,
    { timeout },
  );

export const tests = [
  {
    name: 'an operator replays a wired track of the last 7 days: it moves at once, stops pass with their duration; seeks, exports KML',
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
      // The period picker shows two months and the common quick ranges; 近7天 replays the week at once.
      await page.locator('.track-search-range').click();
      const popup = page.locator('.track-range-popup');
      await pick(page, popup.locator('.ant-picker-presets li').filter({ hasText: /^近7天$/ }));
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
      const legend = page.locator('.track-legend');
      await legend.getByText('速度 (km/h)').waitFor();
      const mapBox = await page.locator('.track-map .leaflet-container').boundingBox();
      const legendBox = await legend.boundingBox();
      assert.ok(legendBox.y >= mapBox.y + mapBox.height - 1, 'the speed legend is under the map, not over the track');
      assert.equal(await page.locator('.track-pin-start').count(), 1, 'the start is marked');
      assert.equal(await page.locator('.track-pin-end').count(), 1, 'the end is marked');
      assert.equal(await page.locator('.track-stop').count(), stopCount, 'each stop has its numbered marker');
      const period = lastSevenDays();
      const start = await playerTime(page);
      assert.ok(start >= period.startTime && start <= period.endTime, `the replay starts within the period (${start})`);
      await dismissNotices(page);

      // Played from the start at the default speed: a week starts at midnight, parked for hours, and
      // still the car is on the road within a second or so of 播放 (2.5 s for a loaded machine).
      await page.getByRole('button', { name: /播\s*放/ }).click();
      const pressed = Date.now();
      await driving(page, 2500);
      const moved = Date.now() - pressed;
      const first = await playerTime(page);
      assert.ok(first > start, `the replay moved on (${start} → ${first}, driving ${moved} ms after 播放)`);
      // Faster, the car reaches a stop: it is passed in a moment, saying how long the car stood there.
      const stopStarts = (await stops.locator('.track-list-item').allInnerTexts()).map((text) => /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(text)[0]);
      await page.locator('.track-player').getByText('8×', { exact: true }).click();
      await page.waitForFunction(
        ({ after, starts }) => {
          const now = document.querySelector('.track-player-time')?.textContent ?? '';
          // A label left behind fades out for 200 ms before the new one, which Leaflet adds last.
          const said = [...document.querySelectorAll('.track-park-label')].at(-1)?.textContent ?? '';
          return /^停留 (\d+天)?(\d+小时)?(\d+分)?$/.test(said) && starts.some((s) => s > after && s <= now);
        },
        { after: first, starts: stopStarts },
        { timeout: 20_000 },
      );
      await page.getByRole('button', { name: /暂\s*停/ }).click();
      const paused = await playerTime(page);
      assert.ok(paused > first, `the replay went on to a stop (${first} → ${paused})`);
      assert.equal(await page.locator('.track-fix-time').innerText(), paused, 'the panel shows the current fix');

      // Seeking: three quarters along the slider is later in the week.
      const slider = page.locator('.track-player-slider');
      const box = await slider.boundingBox();
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

      // A stop from the list: the replay goes to when the car stopped there, and says how long.
      const lastStop = stops.locator('.track-list-item').last();
      const stopStart = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(await lastStop.innerText())[0];
      await lastStop.click();
      await page.waitForFunction((at) => document.querySelector('.track-player-time')?.textContent >= at, stopStart);
      // The label of the stop the replay left fades out for 200 ms beside the new one: the last one is the new one.
      await page.locator('.track-park-label').filter({ hasText: /^停留 / }).last().waitFor();
      await mapSettled(page);
      await shot('06-track-stop');

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
    name: 'on a phone (390 px) and a 992 px laptop the track player fits and plays, the search is usable',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 390, height: 844 });
      await signedIn(page, baseUrl, 'operator1');
      const found = await deviceWithTrack(page, 1, { fixes: 200, stops: 2, drive: true });
      assert.ok(found, 'operator1 has a wired device with a week of history');
      await page.goto(`${baseUrl}/#/monitor/trackPlayback?${new URLSearchParams({ deviceNumber: found.deviceNumber, ...lastSevenDays() })}`);
      await page.locator('.track-fix-panel').getByText(/第 1 \/ \d+ 个点/).waitFor();
      await dismissNotices(page);

      /** Every control of the player and the search inside the window, none cut off. */
      async function fits(width) {
        const inside = async (locator, what) => {
          const b = await locator.boundingBox();
          assert.ok(b && b.x >= 0 && b.x + b.width <= width + 0.5, `${what} is inside the ${width} px window (${b && Math.round(b.x)}–${b && Math.round(b.x + b.width)})`);
        };
        const player = page.locator('.track-player');
        await inside(player.getByRole('button', { name: /播\s*放/ }), '播放');
        await inside(player.locator('.track-player-slider'), 'the progress bar');
        await inside(player.locator('.track-player-time'), 'the time');
        await inside(player.locator('.track-player-speed'), 'the speeds');
        await inside(player.getByText('跟随'), '跟随');
        await inside(page.locator('.track-search').getByLabel('设备号', { exact: true }), 'the device number');
        await inside(page.locator('.track-search-range'), 'the period');
        await inside(page.locator('.track-search').getByRole('button', { name: /查\s*询/ }), '查询');
        const mapBox = await page.locator('.track-map .leaflet-container').boundingBox();
        const legendBox = await page.locator('.track-legend').boundingBox();
        assert.ok(legendBox.y >= mapBox.y + mapBox.height - 1, 'the speed legend is under the map, not over the track');
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page does not scroll sideways');
      }
      await fits(390);

      // 播放 is a button a thumb can press: the car moves.
      const play = page.getByRole('button', { name: /播\s*放/ });
      await play.scrollIntoViewIfNeeded();
      await play.click();
      await driving(page, 2500);
      await page.getByRole('button', { name: /暂\s*停/ }).click();
      await page.locator('.track-map').scrollIntoViewIfNeeded();
      await mapSettled(page);
      await shot('06-track-390');

      // The period picker on a phone: the two months one above the other, the quick ranges on top.
      await page.locator('.track-search-range').scrollIntoViewIfNeeded();
      await page.locator('.track-search-range').click();
      const popup = page.locator('.track-range-popup');
      await popup.locator('.ant-picker-presets li').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('.track-range-popup[class*="-appear"], .track-range-popup[class*="-enter"]'));
      const presetsBox = await popup.locator('.ant-picker-presets li').filter({ hasText: /^上月$/ }).boundingBox();
      assert.ok(presetsBox && presetsBox.height > 10, 'the quick ranges show');
      assert.equal(await popup.locator('.ant-picker-date-panel').count(), 2, 'two months are shown');
      const popupBox = await popup.locator('.ant-picker-panel-container').boundingBox();
      assert.ok(popupBox.x >= 0 && popupBox.x + popupBox.width <= 390.5, 'the picker fits the phone');
      await shot('06-track-390-period');
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 992, height: 760 });
      await page.locator('.track-player-speed').waitFor();
      await fits(992);
      await page.mouse.move(5, 5);
      await shot('06-track-992');
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
