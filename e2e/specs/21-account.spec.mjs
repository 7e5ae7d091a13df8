import { assert, dismissNotices, fillLogin, PASSWORD, pick, signIn } from '../helpers.mjs';

/** No other spec signs in as this account, so changing its password disturbs none of them. */
const USER = 'operator2';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const toast = (page, text) => page.locator('.ant-message').getByText(text).first().waitFor();

/** The account's password now: the demo one, or (on a retry) the one an earlier attempt set. */
async function currentPassword(baseUrl, candidates) {
  for (const password of candidates) {
    const res = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: USER, password }) });
    if ((await res.json()).code === 200) return password;
  }
  throw new Error(`${USER} signs in with none of the expected passwords`);
}

async function openAccountItem(page, item) {
  await page.getByRole('button', { name: '用户菜单' }).click();
  // A click while the menu still slides in can land on nothing (seen on a loaded machine at 390 px).
  await pick(page, page.getByRole('menuitem', { name: new RegExp(item) }));
  const dialog = page.getByRole('dialog', { name: item });
  await dialog.waitFor();
  // Screenshots wait for the menu to close and the dialog to finish opening.
  await page.waitForFunction(() => !document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden), .ant-modal-root [class*="-appear"], .ant-modal-root [class*="-enter"]'));
  return dialog;
}

export const tests = [
  {
    name: 'a user changes their password under the policy; the old one no longer signs in, the new one does',
    async run({ page, baseUrl, shot }) {
      const stamp = String(Date.now()).slice(-6);
      const fresh = `Harbour${stamp}`;
      const old = await currentPassword(baseUrl, [PASSWORD, ...(globalThis.accountSpecPasswords ?? [])]);
      globalThis.accountSpecPasswords = [...(globalThis.accountSpecPasswords ?? []), fresh];

      await page.setViewportSize(WIDE);
      await signIn(page, baseUrl, USER, old);
      await page.waitForURL(/#\/index/);
      await dismissNotices(page);

      const dialog = await openAccountItem(page, '修改密码');
      await dialog.getByLabel('当前密码', { exact: true }).fill(old);
      await dialog.getByLabel('新密码', { exact: true }).fill('abc123');
      await dialog.getByLabel('确认新密码', { exact: true }).fill('abc123');
      await dialog.getByRole('button', { name: /确认修改/ }).click();
      await dialog.getByText('密码至少8位').waitFor();
      await dialog.getByLabel('新密码', { exact: true }).fill('abcdefghij');
      await dialog.getByText('密码须同时包含字母和数字').waitFor();
      await shot('21-password-policy-1440');

      await dialog.getByLabel('新密码', { exact: true }).fill(fresh);
      await dialog.getByLabel('确认新密码', { exact: true }).fill(fresh);
      await dialog.getByRole('button', { name: /确认修改/ }).click();
      await toast(page, '密码已修改');
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: '退出登录' }).click();
      // The confirmation zooms in: a click during the zoom can land on nothing.
      await pick(page, page.getByRole('button', { name: /确\s*定/ }));
      await page.waitForURL(/#\/login/);
      await fillLogin(page, USER, old);
      await page.getByRole('alert').getByText('用户名或密码错误').waitFor();
      await fillLogin(page, USER, fresh);
      await page.waitForURL(/#\/index/);
    },
  },
  {
    name: 'a user sees their signed-in devices, the current one tagged, at 1440 and 390 px',
    async run({ page, baseUrl, shot }) {
      const password = await currentPassword(baseUrl, [...(globalThis.accountSpecPasswords ?? []), PASSWORD]);
      await page.setViewportSize(WIDE);
      await signIn(page, baseUrl, USER, password);
      await page.waitForURL(/#\/index/);
      await dismissNotices(page);

      const dialog = await openAccountItem(page, '登录设备');
      const items = dialog.locator('.ant-list-item');
      await items.first().waitFor();
      // currentPassword signed in too (without a browser): at least two sessions, exactly one of them this one.
      assert.ok((await items.count()) >= 2, `several sessions listed (${await items.count()})`);
      assert.equal(await dialog.locator('.ant-tag').filter({ hasText: '当前' }).count(), 1);
      assert.match(await items.first().innerText(), /当前[\s\S]*登录时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      await shot('21-sessions-1440');

      // End the session the password check above opened.
      const before = await items.count();
      await items.nth(1).getByRole('button', { name: /结\s*束/ }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
      await toast(page, '会话已结束');
      await page.waitForFunction((n) => document.querySelectorAll('.ant-modal .ant-list-item').length === n - 1, before);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await page.setViewportSize(PHONE);
      const phoneDialog = await openAccountItem(page, '登录设备');
      await phoneDialog.locator('.ant-list-item').first().waitFor();
      await shot('21-sessions-390');
      await page.keyboard.press('Escape');
      await phoneDialog.waitFor({ state: 'hidden' });
      await openAccountItem(page, '修改密码');
      await shot('21-password-390');
    },
  },
];
