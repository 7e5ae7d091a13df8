import { assert, closePhoneMenu, dismissNotices, signedIn } from '../helpers.mjs';

/**
 * Issue 31: maps stay under the console's sticky header; dialogs keep their buttons in the window; a
 * top-bar tooltip goes with its dialog; the offline map at street zoom shows land, a scale and says
 * that street detail needs the online map (no tile server answers on the test machines).
 */
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
  { width: 992, height: 900 },
  { width: 390, height: 844 },
];

/** Each width signs in afresh: the runner may give each to another worker. */
export const independent = true;

/** A warning of operator1's with a car, a customer and a position, through the console's own API. */
function someWarning(page) {
  return page.evaluate(async () => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    // Still open (earlier specs of the same worker handle warnings), and the car still where it was
    // warned about: the map then opens at street zoom on both pins rather than fitting a long way.
    const listed = await window.fetch('/api/report/riskWarning/findList', { method: 'POST', headers, body: JSON.stringify({ pageNumber: 1, pageSize: 50, dealStatus: 0 }) }).then((r) => r.json());
    const near = (a, b) => b.lng !== null && Math.abs(a.lng - b.lng) < 0.002 && Math.abs(a.lat - b.lat) < 0.002;
    for (const { id } of listed.result.list) {
      const reply = await window.fetch(`/api/report/riskWarning/getWarningDetails?id=${id}`, { headers }).then((r) => r.json());
      const w = reply.result?.entity;
      if (w && w.carid !== null && w.lng !== null && w.customerName && near(w, reply.result.device)) return w;
    }
    return null;
  });
}

const POPUP_OPENING = '.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-big-appear, .ant-zoom-big-enter';
const settled = (page) => page.waitForFunction((sel) => !document.querySelector(sel) && !document.querySelector('.leaflet-zoom-anim'), POPUP_OPENING);

/**
 * Scrolls the page until the top of its map is under the sticky header, then asks the browser what is
 * drawn at points of the header over the map (its middle, its right edge where the layer control sits).
 */
async function headerOverMap(page, root, label) {
  const mapSelector = `${root} .map-view`;
  await page.locator(`${mapSelector} .leaflet-control-layers`).waitFor();
  await page.evaluate((sel) => {
    const header = document.querySelector('.shell-header').getBoundingClientRect();
    const map = document.querySelector(sel).getBoundingClientRect();
    window.scrollBy(0, map.top - header.top - 8);
  }, mapSelector);
  const seen = await page.evaluate((sel) => {
    const header = document.querySelector('.shell-header').getBoundingClientRect();
    const map = document.querySelector(sel).getBoundingClientRect();
    const points = [];
    for (const y of [header.bottom - 3, header.bottom - 20]) {
      for (const x of [map.left + 12, (map.left + map.right) / 2, map.right - 20]) {
        if (y > map.top && x > header.left && x < header.right) points.push({ x, y });
      }
    }
    return points.map(({ x, y }) => {
      const el = document.elementFromPoint(x, y);
      return { x: Math.round(x), y: Math.round(y), header: !!el?.closest('.shell-header'), leaflet: !!el?.closest('.leaflet-container'), what: el ? `${el.tagName}.${el.className}` : 'nothing' };
    });
  }, mapSelector);
  assert.ok(seen.length >= 4, `${label}: the page scrolled its map under the header (${seen.length} points over the map)`);
  for (const p of seen) assert.ok(p.header && !p.leaflet, `${label}: at (${p.x}, ${p.y}) the header is on top, not ${p.what}`);
}

/** The dialog's buttons are inside the window and nothing covers the last of them. */
async function footerInView(page, dialog, label) {
  const footer = dialog.locator('.ant-modal-footer');
  await footer.waitFor();
  await settled(page);
  const r = await footer.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const buttons = el.querySelectorAll('button');
    const last = buttons[buttons.length - 1].getBoundingClientRect();
    const hit = document.elementFromPoint(last.left + last.width / 2, last.top + last.height / 2);
    return { top: box.top, bottom: box.bottom, left: box.left, right: box.right, w: window.innerWidth, h: window.innerHeight, reachable: buttons[buttons.length - 1].contains(hit) };
  });
  assert.ok(r.top >= 0 && r.bottom <= r.h && r.left >= 0 && r.right <= r.w, `${label}: its buttons are in the ${r.w}×${r.h} window (${Math.round(r.top)}–${Math.round(r.bottom)})`);
  assert.ok(r.reachable, `${label}: its last button can be clicked`);
}

/**
 * The map in `root` is at street zoom on the offline layer: the note says street detail needs the online
 * map, a scale is shown, and the ground under the map's centre is the land fill, not the empty backdrop.
 */
async function streetLevel(page, root, label) {
  const map = root.locator('.map-view').first();
  const street = map.locator('.map-view-street');
  await street.waitFor({ timeout: 20_000 });
  assert.match(await street.innerText(), /街道级细节需在线地图/, `${label}: the note says what the offline map lacks`);
  assert.ok(await map.locator('.leaflet-control-scale-line').isVisible(), `${label}: a scale is shown`);
  const handle = await map.elementHandle();
  const pixel = await page.waitForFunction((el) => {
    const box = el.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const tile = [...el.querySelectorAll('.map-outline-tiles canvas.leaflet-tile-loaded')].find((c) => {
      const r = c.getBoundingClientRect();
      return cx >= r.left && cx < r.right && cy >= r.top && cy < r.bottom;
    });
    if (!tile) return null;
    const r = tile.getBoundingClientRect();
    const at = tile.getContext('2d').getImageData(Math.floor(((cx - r.left) * tile.width) / r.width), Math.floor(((cy - r.top) * tile.height) / r.height), 1, 1).data;
    const ground = /(\d+), (\d+), (\d+)/.exec(getComputedStyle(el.querySelector('.map-view-map')).backgroundColor).slice(1).map(Number);
    return { rgba: [...at], ground };
  }, handle, { timeout: 20_000 }).then((h) => h.jsonValue());
  const { rgba, ground } = pixel;
  assert.ok(rgba[3] > 200, `${label}: the map centre is drawn over (alpha ${rgba[3]})`);
  assert.ok(Math.max(...ground.map((g, i) => Math.abs(g - rgba[i]))) > 12, `${label}: land ${rgba} differs from the empty backdrop ${ground}`);
}

export const tests = WIDTHS.map((size) => ({
  name: `at ${size.width}×${size.height} maps stay under the header, dialogs fit, tooltips go with their dialog, street zoom offline is a map`,
  async run({ page, baseUrl, shot }) {
    await page.setViewportSize(size);
    await signedIn(page, baseUrl, 'operator1');
    await dismissNotices(page);
    const phone = size.width < 992;
    if (phone) await closePhoneMenu(page);
    const w = await someWarning(page);
    assert.ok(w, 'operator1 has a warning with a car, a customer and a position');

    // Warning detail: its map at street zoom, and the header over it once the page scrolls.
    await page.goto(`${baseUrl}/#/risk/warningDetail?id=${w.id}&deviceNumber=${w.deviceNumber}&warningType=${w.warningType}`);
    await page.locator('.vu-pin').first().waitFor();
    await settled(page);
    const detailMap = page.locator('.wd-page');
    await streetLevel(page, detailMap, 'warning detail');
    await detailMap.locator('.map-view').scrollIntoViewIfNeeded();
    await shot(`31-warning-detail-${size.width}`);
    await page.evaluate(() => window.scrollTo(0, 0));

    // 处理预警: a dialog of a page.
    await page.locator('.wd-page').getByRole('button', { name: /^处\s*理$/ }).click();
    const treat = page.getByRole('dialog', { name: '处理预警' });
    await footerInView(page, treat, '处理预警');
    await page.keyboard.press('Escape');
    await treat.waitFor({ state: 'detached' });

    // The customer's portrait, a long page with a map: scrolled, the header stays on top of the map.
    await page.locator('.wd-page').getByText(w.customerName, { exact: true }).first().click();
    await page.waitForURL(/userPortrait/);
    await settled(page);
    await headerOverMap(page, '.portrait-page', 'portrait');
    await shot(`31-portrait-scrolled-${size.width}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.goto(`${baseUrl}/#/risk/warningDetail?id=${w.id}&deviceNumber=${w.deviceNumber}&warningType=${w.warningType}`);
    await page.locator('.vu-pin').first().waitFor();
    // Where the page is long enough to scroll its map under the header (not at 1440 × 900).
    if (await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight > document.querySelector('.wd-page .map-view').getBoundingClientRect().top)) {
      await headerOverMap(page, '.wd-page', 'warning detail');
    }

    // 快速派单 from the top bar: its tooltip shows on hover and is gone once the dialog closed.
    const dispatchButton = page.getByRole('button', { name: '快速派单' });
    const tip = page.locator('.ant-tooltip').filter({ hasText: '快速派单' });
    if (!phone) {
      await dispatchButton.hover();
      await tip.waitFor();
    }
    await dispatchButton.click();
    const dispatch = page.locator('.quick-dispatch-modal .ant-modal');
    await footerInView(page, dispatch, '快速派单');
    await streetLevel(page, dispatch, '快速派单');
    await shot(`31-quick-dispatch-${size.width}`);
    await page.keyboard.press('Escape');
    await dispatch.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '快速派单');
    await page.waitForFunction(() => ![...document.querySelectorAll('.ant-tooltip')].some((t) => t.textContent.includes('快速派单') && t.checkVisibility({ opacityProperty: true })), undefined, { timeout: 3_000 });

    // The warning badge's list of recent warnings.
    await page.getByRole('button', { name: '风险预警' }).click();
    const recent = page.getByRole('dialog', { name: '近3天未处理预警' });
    await footerInView(page, recent, 'recent warnings');
    await shot(`31-badge-dialog-${size.width}`);
    await page.keyboard.press('Escape');
    await recent.waitFor({ state: 'detached' });
    await page.waitForFunction(() => ![...document.querySelectorAll('.ant-tooltip')].some((t) => t.textContent.includes('未处理预警') && t.checkVisibility({ opacityProperty: true })), undefined, { timeout: 3_000 });
  },
}));
