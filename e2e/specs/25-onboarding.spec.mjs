import { fileURLToPath } from 'node:url';
import { assert, changeInitialPassword, dismissNotices, listTotal, openMenu, pick, signedIn, signIn } from '../helpers.mjs';

/**
 * Issue 18's "done when": a platform operator onboards an institution from the console alone, and the
 * audit log answers who did each step. Every name is fresh, so the spec runs beside the others' data.
 */
const WIDE = { width: 1440, height: 900 };
const DEVICES = 20;
const toast = (page, text) => page.locator('.ant-message').getByText(text).first().waitFor();
/** The rows of the table on screen: screens opened earlier stay mounted (hidden) behind their tabs. */
const rows = (page) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ visible: true });
const row = (page, text) => rows(page).filter({ has: page.getByText(text, { exact: true }) });
const settled = (page) => page.waitForFunction(() => !document.querySelector('.ant-modal-root [class*="-appear"], .ant-modal-root [class*="-enter"], .ant-dropdown:not(.ant-dropdown-hidden), .ant-table .ant-spin-spinning'));
const shotOf = (page, name) => page.screenshot({ path: fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url)) });
const ok = (dialog) => dialog.getByRole('button', { name: /确\s*定|OK/ }).click();

async function createDept(page, parent, kind, name) {
  await row(page, parent).getByRole('button', { name: '新建下级' }).click();
  const dialog = page.getByRole('dialog', { name: `在“${parent}”下新建部门` });
  if (kind) await dialog.getByLabel(kind).check();
  await dialog.getByLabel('名称').fill(name);
  await ok(dialog);
  await toast(page, '部门已新建');
  await row(page, name).waitFor();
}

/** The audit log filtered to one user: the rows' texts, newest first. */
async function auditOf(page, username) {
  await page.getByLabel('用户', { exact: true }).fill(username);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  // The list has answered for this user once every row on screen is theirs.
  await page.waitForFunction((name) => {
    const shown = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].filter((r) => r.checkVisibility());
    return shown.length > 0 && shown.every((r) => r.innerText.includes(name));
  }, username);
  return rows(page).evaluateAll((trs) => trs.map((r) => r.innerText));
}

export const tests = [
  {
    name: 'an operator onboards an institution: dealer, role, user, 20 devices; the user sees only that dealer and changes the password; the audit log shows each step',
    async run({ page, context, baseUrl, shot }) {
      const stamp = String(Date.now() % 10_000_000).padStart(7, '0');
      const institution = `E2E 启航金融 ${stamp}`;
      const dealer = `E2E 启航一店 ${stamp}`;
      const roleName = `E2E 启航专员 ${stamp}`;
      const username = `e2e_onb${stamp}`;
      await page.setViewportSize(WIDE);
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);

      // 1. The institution and its dealer.
      await openMenu(page, '系统管理', '部门管理');
      await page.locator('.dept-tree .ant-table-tbody tr.ant-table-row').first().waitFor();
      const platform = (await page.locator('.dept-tree .ant-table-tbody tr.ant-table-row').first().locator('td').first().innerText()).replace('本部门', '').trim();
      await createDept(page, platform, null, institution);
      await createDept(page, institution, '经销商', dealer);

      // 2. A role that may look at devices, and nothing else.
      await openMenu(page, '系统管理', '角色管理');
      await row(page, '平台管理员').waitFor();
      await page.getByRole('button', { name: /新建角色/ }).click();
      const roleDialog = page.getByRole('dialog', { name: '新建角色' });
      await roleDialog.getByLabel('角色名称').fill(roleName);
      await roleDialog.getByRole('checkbox', { name: '查看设备' }).check();
      await ok(roleDialog);
      await toast(page, '角色已创建');
      await roleDialog.waitFor({ state: 'hidden' });

      // 3. The dealer's user, with a password shown once.
      await openMenu(page, '系统管理', '用户管理');
      await page.locator('.ant-pagination-total-text').waitFor();
      await page.getByRole('button', { name: /新建用户/ }).click();
      const form = page.getByRole('dialog', { name: '新建用户' });
      await form.getByLabel('用户名').fill(username);
      await form.getByLabel('姓名').fill('林启航');
      await form.getByLabel('部门').click();
      await form.getByLabel('部门').fill(dealer);
      await pick(page, page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: dealer }).filter({ visible: true }).first());
      await form.getByLabel('角色').click();
      await pick(page, page.locator('.ant-select-item-option').filter({ hasText: roleName }));
      await ok(form);
      await toast(page, '用户已创建');
      const shown = page.getByRole('dialog', { name: '请把初始密码交给用户' });
      await shown.getByText('密码只显示这一次').waitFor();
      const password = (await shown.locator('.user-password-value').innerText()).trim();
      await shown.getByRole('button', { name: '我已记下' }).click();
      await shown.waitFor({ state: 'hidden' });

      // 4. The purchase: 20 terminals pasted into the dealer's stock.
      await openMenu(page, '系统管理', '设备库存');
      await page.getByRole('tab', { name: /库存\s*[\d,]+/ }).waitFor();
      await page.getByRole('button', { name: /导入设备/ }).click();
      const importing = page.getByRole('dialog', { name: '导入设备到库存' });
      await importing.getByLabel('导入到').click();
      await page.keyboard.type(dealer);
      await pick(page, page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: dealer }).filter({ visible: true }).first());
      const numbers = Array.from({ length: DEVICES }, (_, i) => `1392${stamp}${String(i).padStart(2, '0')}`);
      const lines = numbers.map((n, i) => `${n}\tGT06N\t${i % 4 === 3 ? '无线' : '有线'}\t`);
      await importing.getByPlaceholder(/013912340001/).fill(lines.join('\n'));
      await importing.getByRole('button', { name: /校\s*验/ }).click();
      await importing.getByText(`校验通过：共 ${DEVICES} 台（有线 15、无线 5），将导入到 ${dealer}`).waitFor();
      await importing.getByRole('button', { name: new RegExp(`导入 ${DEVICES} 台`) }).click();
      await importing.getByText(`已导入 ${DEVICES} 台设备到 ${dealer}`).waitFor();
      await importing.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
      await importing.waitFor({ state: 'hidden' });

      // 5. The new user, in a browser of their own: the forced change, then only the dealer's devices.
      const fresh = `Qihang${stamp}`;
      const other = await context.browser().newContext({ viewport: WIDE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      try {
        const them = await other.newPage();
        await signIn(them, baseUrl, username, password);
        await changeInitialPassword(them, password, fresh);

        const tree = await them.evaluate(async () => {
          const res = await window.fetch('/api/dept/getDeptTreeByUserId', { headers: { accessToken: localStorage.getItem('accessToken') } });
          return (await res.json()).result;
        });
        assert.deepEqual(tree.map((d) => [d.name, d.children.length]), [[dealer, 0]], 'their department tree is the dealer alone');

        await them.goto(`${baseUrl}/#/report/basicDevice`);
        assert.equal(await listTotal(them), DEVICES, 'they see the 20 devices of their dealer, and no other');
        const listed = await rows(them).evaluateAll((trs) => trs.map((r) => r.innerText));
        assert.ok(listed.length > 0 && listed.every((r) => r.includes(dealer)), listed.join('\n'));
        await settled(them);
        await shotOf(them, '25-onboarded-user-devices-1440');
      } finally {
        await other.close();
      }

      // 6. Who did what: each step in the audit log.
      await openMenu(page, '系统管理', '审计日志');
      await page.locator('.ant-pagination-total-text').waitFor();
      const theirs = await auditOf(page, username);
      for (const action of ['修改密码', '登录']) assert.ok(theirs.some((r) => r.includes(action)), `${action} by ${username}:\n${theirs.join('\n')}`);
      const admins = await auditOf(page, 'admin');
      const steps = [['新建部门', institution], ['新建部门', dealer], ['新建角色', roleName], ['新建用户', username], ['导入设备', dealer]];
      for (const [action, name] of steps) {
        assert.ok(admins.some((r) => r.includes(action) && r.includes(name)), `${action} ${name} by admin:\n${admins.join('\n')}`);
      }
      await settled(page);
      await shot('25-onboarding-audit-1440');
    },
  },
];
