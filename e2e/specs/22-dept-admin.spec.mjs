import { assert, closePhoneMenu, dismissNotices, openMenu, pick, signedIn } from '../helpers.mjs';

/**
 * A toast lives 3 s; on a loaded machine the page can show and drop it between two polls. So every
 * toast's text is recorded as it appears, and a wait takes (consumes) the first matching record.
 */
const recordToasts = (page) =>
  page.evaluate(() => {
    window.__toasts = [];
    new window.MutationObserver(() => {
      for (const n of document.querySelectorAll('.ant-message-notice:not([data-recorded])')) {
        n.setAttribute('data-recorded', '');
        window.__toasts.push(n.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
const toast = (page, text) =>
  page.waitForFunction((t) => {
    const i = window.__toasts.findIndex((seen) => seen.includes(t));
    if (i >= 0) window.__toasts.splice(i, 1);
    return i >= 0;
  }, text);
const rows = (page) => page.locator('.dept-tree .ant-table-tbody tr.ant-table-row');
const row = (page, name) => rows(page).filter({ has: page.getByText(name, { exact: true }) });
/** No dialog, pop-up or table spinner still moving: a screenshot shows the screen as it stays. */
const settled = (page) =>
  page.waitForFunction(() => !document.querySelector(['zoom', 'fade', 'slide-up', 'zoom-big'].flatMap((m) => [`.ant-${m}-appear`, `.ant-${m}-enter`, `.ant-${m}-leave`]).concat('.ant-table .ant-spin-spinning').join(', ')));

/** The console's own API, with the signed-in user's token. */
function api(page, url, body) {
  return page.evaluate(
    async ([u, b]) => {
      const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
      const res = await window.fetch(u, { method: 'POST', headers, body: JSON.stringify(b) });
      return res.json();
    },
    [url, body],
  );
}

/** A sign-in by a client of its own (not the browser's session): its status and message. */
async function login(baseUrl, username, password) {
  const res = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return { status: res.status, body: await res.json() };
}

/** 新建下级 on a row: the dialog, the kind, the name. */
async function createUnder(page, parent, kind, name) {
  await row(page, parent).getByRole('button', { name: '新建下级' }).click();
  const dialog = page.getByRole('dialog', { name: `在“${parent}”下新建部门` });
  if (kind) await dialog.getByLabel(kind).check();
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await toast(page, '部门已新建');
  await row(page, name).waitFor();
}

async function more(page, name, item) {
  await row(page, name).getByRole('button', { name: /更多/ }).click();
  await pick(page, page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-title-content').getByText(item, { exact: true }));
}

export const tests = [
  {
    name: 'an administrator builds an institution with a dealer, moves the dealer, disables it (its user is shut out) and enables it again',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signedIn(page, baseUrl, 'admin');
      await recordToasts(page);
      await dismissNotices(page);
      await openMenu(page, '系统管理', '部门管理');
      await rows(page).first().waitFor();
      const platform = (await rows(page).first().locator('td').first().innerText()).replace('本部门', '').trim();

      const n = Date.now() % 1_000_000;
      const finA = `E2E 甲金融 ${n}`;
      const finB = `E2E 乙金融 ${n}`;
      const dealer = `E2E 西湖店 ${n}`;
      await createUnder(page, platform, null, finA);
      await createUnder(page, platform, null, finB);
      await createUnder(page, finA, '经销商', dealer);
      assert.match(await row(page, dealer).innerText(), /经销商[\s\S]*启用/);

      // A user of the dealer, made through the users' API (their screen is another spec's).
      const roles = await api(page, '/api/system/role/list', {});
      const role = roles.result.find((r) => r.name.includes('经销商'));
      assert.ok(role, JSON.stringify(roles).slice(0, 300));
      const dealerId = Number(await row(page, dealer).getAttribute('data-row-key'));
      const username = `e2edept${n}`;
      const password = 'Dealer2026x';
      const created = await api(page, '/api/system/user/create', { username, realname: '部门测试', deptId: dealerId, roleId: role.id, password });
      assert.equal(created.code, 200, JSON.stringify(created));
      assert.equal((await login(baseUrl, username, password)).status, 200);

      // Edit: province and city.
      await row(page, dealer).getByRole('button', { name: '编辑' }).click();
      const edit = page.getByRole('dialog', { name: '编辑部门' });
      await edit.getByLabel('省份').fill('浙江省');
      await edit.getByLabel('城市').fill('杭州市');
      await edit.getByRole('button', { name: /确\s*定|OK/ }).click();
      await toast(page, '部门已保存');
      await row(page, dealer).getByText('浙江省 杭州市').waitFor();

      // Move the dealer (with its user) to the other institution.
      await more(page, dealer, '移动');
      const move = page.getByRole('dialog', { name: `移动“${dealer}”` });
      await move.getByRole('combobox').click();
      await pick(page, page.locator('.ant-select-item-option').filter({ hasText: finB }));
      await settled(page);
      await shot('22-dept-move-1440');
      await move.getByRole('button', { name: /确\s*定|OK/ }).click();
      await toast(page, '部门已移动');
      await page.waitForFunction(
        ([b, d]) => {
          const rows = [...document.querySelectorAll('.dept-tree .ant-table-tbody tr.ant-table-row')].map((r) => r.textContent ?? '');
          const bi = rows.findIndex((t) => t.includes(b));
          return bi >= 0 && (rows[bi + 1] ?? '').includes(d);
        },
        [finB, dealer],
      );

      // Disable: the confirmation says who is shut out; the user's sign-in is refused.
      await more(page, dealer, '停用');
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.getByText(`停用“${dealer}”？它及其下级部门的 1 个用户将立即退出登录`).waitFor();
      await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
      await toast(page, '部门已停用');
      await row(page, dealer).getByText('停用', { exact: true }).waitFor();
      const refused = await login(baseUrl, username, password);
      assert.equal(refused.status, 400);
      assert.equal(refused.body.msg, '账号所在部门已停用，请联系管理员');
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
      await settled(page);
      await shot('22-dept-tree-1440');

      // Enable: the user signs in again.
      await more(page, dealer, '启用');
      await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();
      await toast(page, '部门已启用');
      await row(page, dealer).getByText('启用', { exact: true }).waitFor();
      assert.equal((await login(baseUrl, username, password)).status, 200);

      // The institution's settings open for it.
      await more(page, finB, '推送配置');
      await page.waitForURL(/#\/risk\/warningPushConfig\?deptId=\d+/);
      await page.getByText(`只显示“${finB}”及其下级部门的推送配置`).waitFor();
      await page.goBack();
      await row(page, finB).waitFor();
      await more(page, finB, '预警配置');
      await page.waitForURL(/#\/riskConfig\/riskWarningConfig\?deptId=\d+/);
      await page.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: finB }).first().waitFor();
    },
  },
  {
    name: 'the tree reads at 1366 and 992 px',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      await page.goto(`${baseUrl}/#/system/deptManagement`);
      await rows(page).nth(3).waitFor();
      await settled(page);
      await shot('22-dept-tree-1366');
      await page.setViewportSize({ width: 992, height: 768 });
      await settled(page);
      await shot('22-dept-tree-992');
    },
  },
  {
    name: 'at 390 px the tree shows name, kind and state, with one actions menu per row',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 390, height: 844 });
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      await page.goto(`${baseUrl}/#/system/deptManagement`);
      await rows(page).nth(3).waitFor();
      await closePhoneMenu(page);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0, 'nothing sticks out sideways');
      await page.getByLabel('按名称搜索').fill('店');
      await rows(page).nth(2).waitFor();
      const first = rows(page).nth(2);
      const box = await first.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `a row fits the phone: ${JSON.stringify(box)}`);
      await settled(page);
      await shot('22-dept-tree-390');
      await first.getByRole('button', { name: '操作' }).click();
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('编辑', { exact: true }).waitFor();
      await settled(page);
      await shot('22-dept-actions-390');
    },
  },
];
