import { assert, dismissNotices, listTotal, openMenu, pick, signedIn } from '../helpers.mjs';

/** The newest unhandled warning in the signed-in user's scope, through the call the console uses; waits for the engine's first ones. */
async function someOpenWarning(page) {
  for (let i = 0; i < 60; i++) {
    const found = await page.evaluate(async () => {
      const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
      const body = JSON.stringify({ pageNumber: 1, pageSize: 1, dealStatus: 0 });
      const reply = await window.fetch('/api/report/riskWarning/findList', { method: 'POST', headers, body }).then((r) => r.json());
      return reply.result.list[0] ?? null;
    });
    if (found) return found;
    await page.waitForTimeout(1000);
  }
  throw new Error('no unhandled warning appeared within 60 s');
}

/** The list's 共 N 条 (0 when it is empty) once it equals what the server counts for these filters now. */
async function listMatchesServer(page, filters) {
  for (let i = 0; i < 30; i++) {
    const server = await page.evaluate(async (f) => {
      const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
      const body = JSON.stringify({ ...f, pageNumber: 1, pageSize: 1 });
      return (await window.fetch('/api/report/riskWarning/findList', { method: 'POST', headers, body }).then((r) => r.json())).result.count;
    }, filters);
    // An empty list has no pager, only its empty state.
    const empty = await page.locator('.warning-table .ant-empty').isVisible();
    const shown = empty ? 0 : await listTotal(page);
    if (shown === server) return shown;
    await page.waitForTimeout(500);
  }
  throw new Error('the list total never matched the server count');
}

/** The badge's figure as the server gives it (getRiskWarning's allCountStatus0). */
async function unhandledCount(page) {
  return page.evaluate(async () => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    const reply = await window.fetch('/api/report/riskWarning/getRiskWarning', { method: 'POST', headers, body: '{}' }).then((r) => r.json());
    return reply.result.allCountStatus0;
  });
}

/** Waits until the top bar's badge counts this many (its title holds the count; it reads 99+ above 99). */
async function waitForBadge(page, count) {
  await page.waitForFunction((want) => document.querySelector('.topbar-badge .ant-badge-count')?.getAttribute('title') === want, String(count));
}

/** Picks an option of one of the filter form's selects, by the field's label; searchable ones are typed into (their list is virtual). */
async function choose(page, label, option, { typed = false } = {}) {
  const select = page.locator('.filter-form .ant-form-item').filter({ hasText: label }).locator('.ant-select').first();
  await select.click();
  if (typed) await page.keyboard.type(option);
  await pick(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first());
}

/** The alpha of a computed CSS colour: `rgba(r, g, b, a)`, `color(srgb r g b / a)`, or opaque. */
function alphaOf(color) {
  const rgba = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(color);
  if (rgba) return Number(rgba[1]);
  const slash = /\/\s*([\d.]+%?)\s*\)$/.exec(color);
  if (slash) return slash[1].endsWith('%') ? Number(slash[1].slice(0, -1)) / 100 : Number(slash[1]);
  return color === 'transparent' ? 0 : 1;
}

/** The computed backgrounds of a row's fixed cells (selection, 设备号, 操作). */
const fixedBackgrounds = (row) => row.locator('td.ant-table-cell-fix').evaluateAll((cells) => cells.map((c) => getComputedStyle(c).backgroundColor));

/**
 * An open compound warning of the signed-in user's scope, through the console's call; null when the
 * engine has raised none yet.
 */
function someOpenCompound(page) {
  return page.evaluate(async () => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
      const body = JSON.stringify({ pageNumber, pageSize: 100, dealStatus: 0, sortField: 'riskLevel', sortOrder: 'desc' });
      const reply = await window.fetch('/api/report/riskWarning/findList', { method: 'POST', headers, body }).then((r) => r.json());
      const found = reply.result.list.find((w) => w.compound);
      if (found || reply.result.list.length < 100) return found ?? null;
    }
    return null;
  });
}

/** How many lines an element's text takes (the tops of its text boxes). */
const lineCount = (locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

/** Scrolls the table's body to its right end, so the dealer and handling columns pass under 操作. */
async function scrollTableRight(page, to = 'end') {
  await page.evaluate((where) => {
    const body = document.querySelector('.warning-table .ant-table-content, .warning-table .ant-table-body');
    body.scrollLeft = where === 'end' ? body.scrollWidth : where;
    body.dispatchEvent(new window.Event('scroll'));
  }, to);
}

export const tests = [
  {
    name: 'an operator filters the risk warnings, opens one, handles it from the keyboard, and sees it leave the list and the badge drop',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      const warning = await someOpenWarning(page);
      await openMenu(page, '风险管理', '风险预警');
      await page.waitForURL(/#\/risk\/riskWarning/);
      assert.ok((await listTotal(page)) > 0, 'operator1 sees warnings');
      await dismissNotices(page);

      await choose(page, '预警类型', warning.warningTypeName, { typed: true });
      await choose(page, '处理状态', '未处理');
      const filtered = page.waitForResponse((r) => r.url().includes('/riskWarning/findList') && r.request().postData()?.includes('"warningType"'));
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForURL(new RegExp(`warningType=${warning.warningType}`));
      await filtered;
      await page.locator('.warning-table .ant-spin-spinning').waitFor({ state: 'detached' });
      const before = await listTotal(page);
      assert.ok(before >= 1, `the filter keeps the open ${warning.warningTypeName} (${before})`);
      const rows = page.locator('.warning-table .ant-table-tbody tr.ant-table-row');
      for (const text of await rows.allInnerTexts()) {
        assert.ok(text.includes(warning.warningTypeName) && text.includes('未处理'), `every row is an open ${warning.warningTypeName}: ${text}`);
      }
      await shot('08-warnings-list');

      // The detail of the first row, then the treat dialog there, from the keyboard.
      const unhandledBefore = await unhandledCount(page);
      const badge = page.locator('.topbar-badge .ant-badge-count');
      await waitForBadge(page, unhandledBefore);
      const number = (await rows.first().locator('td').nth(1).innerText()).trim();
      const time = (await rows.first().locator('td').nth(5).innerText()).trim();
      await rows.first().getByRole('button', { name: '详情' }).click();
      await page.waitForURL(/#\/risk\/warningDetail\?/);
      await page.locator('.wd-page').getByText(number).first().waitFor();
      await page.locator('.wd-page').getByRole('button', { name: /^处\s*理$/ }).click();
      const dialog = page.getByRole('dialog', { name: '处理预警' });
      const text = dialog.getByPlaceholder('请输入处理内容');
      await text.fill('好的');
      await dialog.getByText('处理内容至少3个字符，当前2个').waitFor();
      await text.fill('已电话联系客户，车辆在正常使用');
      await dialog.getByText('15 / 100').waitFor();
      await dialog.getByText('处理内容至少3个字符，当前2个').waitFor({ state: 'detached' });
      await shot('08-warnings-treat-dialog');
      await text.press('Control+Enter');

      const toast = page.locator('.ant-message').getByText(/处理成功，共处理\d+条预警/);
      await toast.waitFor();
      const handled = Number(/共处理(\d+)条/.exec(await toast.innerText())[1]);
      assert.equal(handled, 1, 'the detail page handles that warning only');
      await dialog.waitFor({ state: 'detached' });
      await page.locator('.wd-page').getByText('已电话联系客户，车辆在正常使用').waitFor();

      // Back on the list (its tab): the warning has left the unhandled list, and the badge dropped without a reload.
      await page.locator('.ant-tabs-tab').filter({ hasText: '风险预警' }).click();
      await page.waitForURL(/#\/risk\/riskWarning/);
      // The engine keeps raising warnings meanwhile (most just after the server starts): the list must show
      // what the server now counts for its filters, without the handled row.
      await rows.filter({ hasText: number }).filter({ hasText: time }).waitFor({ state: 'detached' });
      const after = await listMatchesServer(page, { warningType: warning.warningType, dealStatus: 0 });
      const unhandledAfter = await unhandledCount(page);
      assert.ok(unhandledAfter < unhandledBefore, `the server counts fewer unhandled (${unhandledBefore} → ${unhandledAfter})`);
      await waitForBadge(page, unhandledAfter);
      assert.ok(await badge.isVisible());

      // The next one without the mouse: ↓ makes the first row current, Enter opens its treat dialog,
      // Ctrl+Enter handles it; the list is read again and the next warning moves up under the cursor.
      if (after > 0) {
        await page.locator('.ant-tabs-tab-active').click();
        await page.keyboard.press('ArrowDown');
        const current = page.locator('.warning-table tr.is-current');
        await current.waitFor();
        const currentNumber = (await current.locator('td').nth(1).innerText()).trim();
        await page.keyboard.press('Enter');
        const byKeys = page.getByRole('dialog', { name: '处理预警' });
        await byKeys.getByText(currentNumber).waitFor();
        await page.keyboard.type('已联系客户，确认正常');
        await page.keyboard.press('Control+Enter');
        await byKeys.waitFor({ state: 'detached' });
        const done = Number(/共处理(\d+)条/.exec(await page.locator('.ant-message').getByText(/处理成功，共处理\d+条预警/).last().innerText())[1]);
        await rows.filter({ hasText: currentNumber }).waitFor({ state: 'detached' });
        assert.ok(done >= 1);
        // The next warning moves up under the cursor (when one is left).
        if ((await listMatchesServer(page, { warningType: warning.warningType, dealStatus: 0 })) > 0) await page.locator('.warning-table tr.is-current').waitFor();
        await page.waitForTimeout(300);
        await shot('08-warnings-keyboard');
      }
      await shot('08-warnings-after');
    },
  },
  {
    name: 'the list opens on the unhandled queue, compound rows keep their fixed columns opaque, and the filters fit at 1440 and 992',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      await someOpenWarning(page);
      const compound = await someOpenCompound(page);
      const first = page.waitForResponse((r) => r.url().includes('/riskWarning/findList'));
      await page.goto(`${baseUrl}/#/risk/riskWarning${compound ? `?dealStatus=0&deviceNumber=${compound.deviceNumber}` : ''}`);
      if (!compound) {
        // The queue: no filter in the address, 未处理 in the form and in the request.
        assert.equal(JSON.parse((await first).request().postData()).dealStatus, 0, 'the list asks for the unhandled warnings');
        await page.locator('.filter-form .ant-form-item').filter({ hasText: '处理状态' }).getByText('未处理').waitFor();
      }
      const rows = page.locator('.warning-table .ant-table-tbody tr.ant-table-row');
      await rows.first().waitFor();
      for (const text of await rows.allInnerTexts()) assert.ok(text.includes('未处理'), `only open warnings: ${text}`);

      // 客户手机号 sits on one line beside its field (it is past the first row: 展开 shows it).
      await page.locator('.filter-form').getByRole('button', { name: /展\s*开/ }).click();
      const label = page.locator('.filter-form label').filter({ hasText: '客户手机号' });
      await label.waitFor();
      assert.equal(await lineCount(label), 1, 'the 客户手机号 label does not wrap at 1440');

      // A compound row: without one from the engine yet, the first row is marked as one, which is all the CSS looks at.
      let row = page.locator('.warning-table tr.warning-row-compound').first();
      if (!compound) await rows.first().evaluate((tr) => tr.classList.add('warning-row-compound'));
      else await row.waitFor();
      row = page.locator('.warning-table tr.warning-row-compound').first();
      const plain = await fixedBackgrounds(page.locator('.warning-table tr.ant-table-row:not(.warning-row-compound)').first()).catch(() => []);
      const checkOpaque = async (state) => {
        const backgrounds = await fixedBackgrounds(row);
        assert.ok(backgrounds.length >= 2, `the row has fixed cells (${backgrounds.length})`);
        for (const bg of backgrounds) assert.equal(alphaOf(bg), 1, `${state}: a fixed cell of a compound row is opaque (${bg})`);
        if (plain.length) assert.notEqual(backgrounds.at(-1), plain.at(-1), `${state}: the compound row keeps its tint under 操作`);
      };
      await checkOpaque('at rest');
      await scrollTableRight(page);
      await row.locator('td').nth(3).hover();
      await checkOpaque('hovered');
      await page.mouse.move(0, 0);
      await scrollTableRight(page, 360);
      await shot('08-warnings-compound-1440');

      await page.setViewportSize({ width: 992, height: 800 });
      await page.waitForTimeout(300);
      await scrollTableRight(page, 300);
      await checkOpaque('at 992');
      await shot('08-warnings-992');

      // The dark theme: still opaque.
      await page.evaluate(() => localStorage.setItem('cvrisk.theme', JSON.stringify({ theme: 'dark', layout: 'vertical', header: 'fixed', tabsBar: true })));
      await page.reload();
      await rows.first().waitFor();
      if (!compound) await rows.first().evaluate((tr) => tr.classList.add('warning-row-compound'));
      for (const bg of await fixedBackgrounds(page.locator('.warning-table tr.warning-row-compound').first())) {
        assert.equal(alphaOf(bg), 1, `dark: a fixed cell of a compound row is opaque (${bg})`);
      }
      await scrollTableRight(page, 300);
      await shot('08-warnings-compound-dark-992');
    },
  },
  {
    name: 'on a 390 px phone the warnings are cards, the filters are a tap away, and a card is handled with a common phrase',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 390, height: 844 });
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      await someOpenWarning(page);
      await page.goto(`${baseUrl}/#/risk/riskWarning`);
      const cards = page.getByRole('list', { name: '风险预警' });
      await cards.waitFor();
      assert.equal(await page.locator('.warning-table').count(), 0, 'no table on a phone');
      const title = page.locator('.warning-phone-title');
      assert.equal(await lineCount(title), 1, 'the title is one line');
      const filters = page.getByRole('button', { name: /筛选/ });
      const box = await filters.boundingBox();
      assert.ok(box.x + box.width <= 390, 'the filter button is on screen');
      const card = cards.locator(':scope > li').first();
      for (const label of ['客户姓名', '车牌号', '设备号', '预警时间', '经销商']) await card.getByText(label, { exact: true }).waitFor();
      const total = await listTotal(page);
      await shot('08-warnings-390');

      // The filters, in a drawer.
      await filters.click();
      const drawer = page.locator('.warning-phone-filters');
      await drawer.getByText('预警类型').waitFor();
      // The drawer slides in: the picture waits until it rests against the right edge.
      await page.waitForFunction(() => {
        const panel = document.querySelector('.warning-phone-filters');
        return panel && Math.abs(panel.getBoundingClientRect().right - window.innerWidth) < 1 && panel.closest('.ant-drawer-content-wrapper').getAnimations().length === 0;
      });
      await shot('08-warnings-390-filters');
      await drawer.getByRole('button', { name: /查\s*询/ }).click();
      await drawer.waitFor({ state: 'hidden' });
      await page.waitForURL(/dealStatus=0/);

      // Handling from the card, with a common phrase.
      const device = (await card.locator('dd').nth(2).innerText()).trim();
      await card.getByRole('button', { name: /处\s*理/ }).click();
      const dialog = page.getByRole('dialog', { name: '处理预警' });
      await dialog.getByText(device).waitFor();
      const phrases = dialog.getByRole('group', { name: '常用语' });
      const phrase = phrases.getByRole('button').first();
      const words = (await phrase.innerText()).trim();
      await pick(page, phrase);
      assert.equal(await dialog.getByPlaceholder('请输入处理内容').inputValue(), words, 'the phrase fills the handling text');
      await shot('08-warnings-390-treat');
      await dialog.getByRole('button', { name: '确定处理' }).click();
      await page.locator('.ant-message').getByText(/处理成功，共处理\d+条预警/).waitFor();
      await dialog.waitFor({ state: 'detached' });
      assert.ok((await listTotal(page, total)) < total, 'the handled warning leaves the phone list');
      await page.locator('.warning-phone-pager').scrollIntoViewIfNeeded();
      await shot('08-warnings-390-after');
    },
  },
];
