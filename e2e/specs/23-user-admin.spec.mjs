import { fileURLToPath } from 'node:url';
import { assert, changeInitialPassword, closePhoneMenu, dismissNotices, fillLogin, openMenu, pick, signedIn, signIn } from '../helpers.mjs';

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const DEALER = '杭州宝龙奥迪4S店';
const toast = (page, text) => page.locator('.ant-message').getByText(text).first().waitFor();
/** Until a dialog has zoomed in (and a menu has closed), a screenshot shows it half drawn. */
const settled = (page) => page.waitForFunction(() => !document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden), .ant-modal-root [class*="-appear"], .ant-modal-root [class*="-enter"]'));
/** The runner's `shot` takes the test's page; the new user's browser is saved beside it. */
const shotOf = (page, name) => page.screenshot({ path: fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url)) });
const row = (page, text) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

/** 新建角色 with a few permissions, from the role screen. */
async function createRole(page, name) {
  await page.getByRole('button', { name: /新建角色/ }).click();
  const dialog = page.getByRole('dialog', { name: '新建角色' });
  await dialog.getByLabel('角色名称').fill(name);
  for (const permission of ['查看预警', '处理预警', '查看客户']) await dialog.getByRole('checkbox', { name: permission }).check();
  assert.ok(await dialog.getByRole('checkbox', { name: '查看审计日志' }).isEnabled(), 'admin holds every permission');
  await settled(page);
  return dialog;
}

export const tests = [
  {
    name: 'an administrator creates a role and a dealer user; the user signs in with the one-time password, must change it, and sees only the granted screens',
    async run({ page, context, baseUrl, shot }) {
      const stamp = String(Date.now()).slice(-6);
      const roleName = `E2E 值班 ${stamp}`;
      const username = `e2e_desk${stamp}`;
      await page.setViewportSize(WIDE);
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);

      await openMenu(page, '系统管理', '角色管理');
      await row(page, '平台管理员').waitFor();
      const roleDialog = await createRole(page, roleName);
      await shot('23-role-editor-1440');
      await roleDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await toast(page, '角色已创建');
      await roleDialog.waitFor({ state: 'hidden' });
      await row(page, roleName).getByText('3项权限').waitFor();
      // admin's own role is theirs to view only.
      await row(page, '平台管理员').getByText('我的角色').waitFor();
      await shot('23-roles-1440');

      await openMenu(page, '系统管理', '用户管理');
      await page.locator('.ant-pagination-total-text').waitFor();
      await page.getByRole('button', { name: /新建用户/ }).click();
      const form = page.getByRole('dialog', { name: '新建用户' });
      await form.getByLabel('用户名').fill(username);
      await form.getByLabel('姓名').fill('陈一帆');
      await form.getByLabel('手机号').fill('13800138000');
      await form.getByLabel('部门').click();
      await form.getByLabel('部门').fill('宝龙');
      await pick(page, page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: DEALER }));
      await form.getByLabel('角色').click();
      await pick(page, page.locator('.ant-select-item-option').filter({ hasText: roleName }));
      await settled(page);
      await shot('23-user-form-1440');
      await form.getByRole('button', { name: /确\s*定|OK/ }).click();
      await toast(page, '用户已创建');
      const shown = page.getByRole('dialog', { name: '请把初始密码交给用户' });
      await shown.getByText('密码只显示这一次').waitFor();
      await settled(page);
      const password = (await shown.locator('.user-password-value').innerText()).trim();
      assert.match(password, /^[A-Za-z\d]{12}$/, `a whole password is shown: "${password}"`);
      await shot('23-password-once-1440');
      await shown.getByRole('button', { name: '我已记下' }).click();
      await shown.waitFor({ state: 'hidden' });
      const listed = await row(page, username).innerText();
      assert.ok(listed.includes(DEALER) && listed.includes(roleName) && listed.includes('待改密') && listed.includes('从未登录'), listed);
      assert.ok(!(await page.locator('body').innerText()).includes(password), 'the password is not on the page any more');
      await shot('23-users-1440');

      // The new user, in a browser of their own.
      const other = await context.browser().newContext({ viewport: WIDE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      try {
        const them = await other.newPage();
        await signIn(them, baseUrl, username, password);
        const forced = them.getByRole('dialog', { name: '请先修改初始密码' });
        await forced.waitFor();
        await settled(them);
        assert.equal(await them.locator('.ant-layout-sider, .ant-menu').count(), 0, 'nothing else opens before the password is changed');
        await shotOf(them, '23-forced-change-1440');
        const mine = `Fresh${stamp}x`;
        await changeInitialPassword(them, password, mine);
        // Warnings and customers live under 风险管理; nothing else was granted.
        const menu = await them.locator('.ant-menu').first().innerText();
        assert.deepEqual(menu.split('\n').map((s) => s.trim()).filter(Boolean), ['首页', '风险管理'], menu);
        await shotOf(them, '23-new-user-menu-1440');
        // Signing in again asks for nothing: the flag cleared with the change.
        await them.getByRole('button', { name: '退出登录' }).click();
        await them.getByRole('button', { name: /确\s*定/ }).click();
        await them.waitForFunction(() => window.location.hash.startsWith('#/login'), undefined, { timeout: 30_000 });
        await fillLogin(them, username, mine);
        await them.waitForFunction(() => window.location.hash.startsWith('#/index'), undefined, { timeout: 30_000 });
        await them.locator('.ant-menu').first().waitFor();
        assert.equal(await them.getByRole('dialog', { name: '请先修改初始密码' }).count(), 0);
      } finally {
        await other.close();
      }
      await page.reload();
      const after = await row(page, username).innerText();
      assert.ok(!after.includes('待改密') && !after.includes('从未登录'), after);
    },
  },
  {
    name: 'at 390, 1366 and 992 px the user list scrolls and the role editor fits',
    async run({ page, baseUrl, shot }) {
      // The phone first: a window narrowed from a laptop keeps the laptop's side menu open over the page.
      await page.setViewportSize(PHONE);
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      await page.goto(`${baseUrl}/#/system/userManagement`);
      await page.locator('.ant-pagination-total-text').waitFor();
      await closePhoneMenu(page);
      await shot('23-users-390');
      await page.goto(`${baseUrl}/#/system/roleManagement`);
      await row(page, '平台管理员').waitFor();
      await closePhoneMenu(page);
      await shot('23-roles-390');
      const editor = await createRole(page, `E2E 手机 ${String(Date.now()).slice(-6)}`);
      await shot('23-role-editor-390');
      await editor.getByRole('button', { name: /取\s*消|Cancel/ }).click();
      await editor.waitFor({ state: 'hidden' });
      for (const width of [1366, 992]) {
        await page.setViewportSize({ width, height: 768 });
        await page.goto(`${baseUrl}/#/system/userManagement`);
        await page.locator('.ant-pagination-total-text').waitFor();
        await shot(`23-users-${width}`);
        await page.goto(`${baseUrl}/#/system/roleManagement`);
        await row(page, '平台管理员').waitFor();
        await shot(`23-roles-${width}`);
      }
    },
  },
];
