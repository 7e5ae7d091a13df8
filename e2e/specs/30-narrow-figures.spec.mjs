import { assert, closePhoneMenu, dismissNotices, signedIn } from '../helpers.mjs';

/** Issue 31, items 3 and 4: figures readable at 1440, 1366 and 992 px, lists as cards at 390. */
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
  { width: 992, height: 760 },
  { width: 390, height: 844 },
];

/**
 * The list screens, with the columns an operator reads first: on a laptop they are whole in the
 * table's frame before any scroll; on a phone they are facts of each card.
 */
const SCREENS = [
  { name: 'customers', path: '/risk/customerList', figures: ['手机号', '未处理预警', '逾期天数'] },
  { name: 'overdue', path: '/risk/overdueCustomer', figures: ['手机号', '逾期天数', '逾期金额'] },
  // The demo flags nobody as loan fraud: an empty list passes, a list with rows must show them.
  { name: 'loanfraud', path: '/risk/loanFraud', figures: ['手机号', '原因'], mayBeEmpty: true },
  { name: 'cars', path: '/risk/customerCars', figures: [] },
  { name: 'dealer-stats', path: '/riskConfig/dealersMultiDimensionalStatistics', figures: ['设备数', '合计', '每百台设备'], heat: true },
  { name: 'installer-stats', path: '/riskConfig/installerMultiDimensionalStatistics', figures: ['设备数', '合计', '每百台设备'], heat: true },
  { name: 'mileage', path: '/report/mileageReport', figures: ['里程(km)', '行驶时长', '夜间里程(km)'] },
  { name: 'stops', path: '/report/parkingReport', figures: ['停车时长'] },
  { name: 'week-stops', path: '/report/weekParkingReport', figures: ['停车次数', '停车时长'] },
  { name: 'times-stops', path: '/report/timesParkingReport', figures: ['合计', '停车时长', '夜间(22-06)'] },
  { name: 'behaviour', path: '/report/driveBehavior', figures: ['里程(km)', '行驶时长', '夜间行驶', '评分'] },
  { name: 'ubi-mileage', path: '/ubi/carMileage', figures: ['里程(km)', '行驶时长'] },
  { name: 'ubi-ignition', path: '/ubi/ignition', figures: ['点火次数', 'ACC开时长'] },
  { name: 'ubi-travel', path: '/ubi/travelStatistics', figures: ['行程数', '行程里程(km)', '行程时长'] },
  { name: 'ubi-behaviour', path: '/ubi/drivingBehavior', figures: ['里程(km)', '行驶时长', '夜间行驶', '评分'] },
  { name: 'orders', path: '/dispatchOrder/dispatchOrder', figures: ['车牌', '预约时间'] },
  { name: 'device-stock', path: '/system/deviceStock', figures: ['型号'] },
];

/** A list has loaded: rows (or cards), or its empty note. */
const LOADED = '.ant-table-tbody tr.ant-table-row, .list-card-item, .list-table-frame .ant-empty';

/**
 * On a laptop: no pinned cell lies over the visible part of another column's cell (the pinned column's
 * box against the others' boxes, clipped to the table's frame), and the first columns' headers and
 * values are whole in the frame before any scroll.
 */
function tableDefects({ figures, mayBeEmpty }) {
  const defects = [];
  if (mayBeEmpty && document.querySelector('.list-table-frame .ant-table-placeholder .ant-empty')) return [];
  const frame = document.querySelector('.list-table-frame .ant-table-body, .list-table-frame .ant-table-content');
  if (!frame) return ['no table'];
  const view = frame.getBoundingClientRect();
  const pinned = (cell) => getComputedStyle(cell).position === 'sticky';
  for (const row of [...document.querySelectorAll('.list-table-frame .ant-table-tbody tr.ant-table-row')].slice(0, 5)) {
    const cells = [...row.children];
    const covers = cells.filter(pinned).map((c) => c.getBoundingClientRect());
    // Every one of these lists pins its key column at these widths (and this finds pinned cells at all).
    if (!covers.length && !defects.includes('no key column pinned')) defects.push('no key column pinned');
    for (const cell of cells.filter((c) => !pinned(c) && c.innerText.trim())) {
      const box = cell.getBoundingClientRect();
      // The part of the cell inside the frame; a pinned box over it hides what it says.
      const left = Math.max(box.left, view.left);
      const right = Math.min(box.right, view.right);
      if (right - left < 2) continue;
      for (const p of covers) {
        const overlap = Math.min(right, p.right) - Math.max(left, p.left);
        if (overlap > 1) defects.push(`a pinned cell covers ${Math.round(overlap)} px of "${cell.innerText.trim().slice(0, 20)}"`);
      }
    }
  }
  const heads = [...document.querySelectorAll('.list-table-frame thead th')];
  const firstRow = document.querySelector('.list-table-frame .ant-table-tbody tr.ant-table-row');
  for (const title of figures) {
    const th = heads.find((h) => h.innerText.trim() === title);
    if (!th) {
      defects.push(`no column ${title}`);
      continue;
    }
    const box = th.getBoundingClientRect();
    if (box.left < view.left - 1 || box.right > view.right + 1) defects.push(`${title} is not in view (${Math.round(box.left)}–${Math.round(box.right)} of ${Math.round(view.left)}–${Math.round(view.right)})`);
    const cell = firstRow?.children[[...th.parentElement.children].indexOf(th)];
    if (cell && cell.scrollWidth > cell.clientWidth + 1) defects.push(`${title}'s value is cut: "${cell.innerText}"`);
  }
  return defects;
}

/** On a phone: cards, each with the key figures labelled and filled, nothing wider than its card. */
function cardDefects({ figures, mayBeEmpty }) {
  const cards = [...document.querySelectorAll('.list-card-item')];
  if (!cards.length) return mayBeEmpty && document.querySelector('.list-cards-frame .ant-empty') ? [] : ['no cards'];
  const defects = [];
  for (const card of cards.slice(0, 5)) {
    const facts = new Map([...card.querySelectorAll('.card-facts > div')].map((d) => [d.querySelector('dt').innerText.trim(), d.querySelector('dd').innerText.trim()]));
    for (const f of figures) if (!facts.get(f)) defects.push(`a card has no ${f}`);
    if (card.scrollWidth > card.clientWidth + 1) defects.push(`a card is ${card.scrollWidth - card.clientWidth} px too wide`);
    if (!card.querySelector('.ant-card-head-title').innerText.trim()) defects.push('a card has no title');
  }
  if (document.querySelector('.list-table-frame .ant-table')) defects.push('a table on a phone');
  return defects;
}

/** The heat map gives each department its slot (labels then never overlap), scrolling when the frame is narrower. */
function heatDefects() {
  const inner = document.querySelector('.report-chart-frame > [data-categories]');
  if (!inner) return ['no heat map'];
  const n = Number(inner.dataset.categories);
  const canvas = inner.querySelector('canvas').getBoundingClientRect();
  return canvas.width >= n * 72 ? [] : [`the heat map gives ${n} departments ${Math.round(canvas.width)} px`];
}

export const independent = true;

export const tests = [
  ...WIDTHS.map((size) => ({
    name: `at ${size.width} px every list's figures are readable: no pinned column over another's values${size.width < 576 ? ', cards with the key figures' : ''}`,
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(size);
      await signedIn(page, baseUrl, 'finance1');
      await dismissNotices(page);
      const phone = size.width < 576;
      const defects = [];
      for (const screen of SCREENS) {
        await page.goto(`${baseUrl}/#${screen.path}`);
        if (phone) await closePhoneMenu(page);
        await page.mouse.move(size.width / 2, size.height - 5);
        await page.locator(LOADED).first().waitFor();
        if (screen.heat) await page.locator('.report-chart-frame canvas').first().waitFor();
        const found = await page.evaluate(phone ? cardDefects : tableDefects, { figures: screen.figures, mayBeEmpty: !!screen.mayBeEmpty });
        if (screen.heat) found.push(...(await page.evaluate(heatDefects)));
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (wide > 1) found.push(`the page is ${wide} px wider than the window`);
        defects.push(...found.map((d) => `${screen.name}: ${d}`));
        await shot(`n${size.width}-${screen.name}`);
      }
      assert.deepEqual(defects, [], `defects at ${size.width} px`);
    },
  })),
  {
    name: 'the data board on a phone and at 992 px: counters apart and whole, warning types whole, nothing sideways',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'finance1');
      for (const size of [{ width: 992, height: 760 }, { width: 390, height: 844 }]) {
        await page.setViewportSize(size);
        await page.goto(`${baseUrl}/#/dashboard`);
        await page.reload();
        await page.locator('.dashboard-counter-value').nth(3).waitFor();
        await page.locator('.dashboard-panel canvas').first().waitFor();
        const defects = await page.evaluate(() => {
          const found = [];
          const counters = [...document.querySelectorAll('.dashboard-counter')];
          const boxes = counters.map((c) => c.getBoundingClientRect());
          boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
            if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0) found.push(`counters ${i} and ${i + j + 1} overlap`);
          }));
          for (const c of counters) {
            const body = c.querySelector('.dashboard-counter-body');
            if (body.scrollWidth > body.clientWidth + 1) found.push(`"${c.innerText.replace(/\s+/g, ' ')}" runs out of its counter`);
            const title = c.querySelector('.dashboard-counter-title');
            if (title.scrollWidth > title.clientWidth + 1) found.push(`"${title.innerText}" is cut`);
          }
          for (const type of document.querySelectorAll('.dashboard-live-type')) {
            if (type.scrollWidth > type.clientWidth + 1) found.push(`the warning type "${type.innerText}" is cut`);
          }
          const wide = document.documentElement.scrollWidth - window.innerWidth;
          if (wide > 1) found.push(`the page is ${wide} px wider than the window`);
          return found;
        });
        await shot(`n${size.width}-dashboard`);
        if (size.width < 576) {
          await page.locator('.dashboard-live-row').first().scrollIntoViewIfNeeded();
          await shot(`n${size.width}-dashboard-live`);
        }
        assert.deepEqual(defects, [], `the data board at ${size.width} px`);
      }
    },
  },
];
