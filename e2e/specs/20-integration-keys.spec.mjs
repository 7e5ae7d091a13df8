import { assert, dismissNotices, openMenu, pick, signedIn } from '../helpers.mjs';

const toast = (page, text) => page.locator('.ant-message').getByText(text).waitFor();

/** A wired demo device the platform sees, through the console's own API. */
function demoDevice(page) {
  return page.evaluate(async () => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    const res = await window.fetch('/api/device/getDevList', { method: 'POST', headers, body: JSON.stringify({ pageNumber: 1, pageSize: 1, deviceKind: 1 }) });
    return (await res.json()).result.list[0].deviceNumber;
  });
}

/** What an integration sends: one position of the device, with the key in the header. */
async function push(baseUrl, key, deviceNumber) {
  const res = await fetch(`${baseUrl}/api/ingest/positions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ positions: [{ deviceNumber, gpsTime: Date.now() - 5_000, lng: 120.16, lat: 30.27, speed: 20, acc: 1 }] }),
  });
  return { status: res.status, body: await res.json() };
}

/** Issues a key from the 新建密钥 dialog and answers it as the shown-once dialog shows it. */
async function issueKey(page, name) {
  await page.getByRole('button', { name: /新建密钥/ }).click();
  const form = page.getByRole('dialog', { name: '新建密钥' });
  await form.getByLabel('名称').fill(name);
  await form.getByRole('button', { name: /确\s*定|OK/ }).click();
  await toast(page, '已创建，请妥善保存 API key，它只显示这一次');
  const shown = page.getByRole('dialog', { name: '密钥已创建' });
  await shown.getByText('关闭此窗口后密钥不会再显示').waitFor();
  // Until the dialog has zoomed in, a screenshot shows it half transparent.
  await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter'));
  const key = (await shown.locator('.integration-key-value').innerText()).trim();
  assert.match(key, /^[\w-]{32}$/, `a whole key is shown: "${key}"`);
  return { shown, key };
}

const row = (page, name) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });

export const tests = [
  {
    name: 'an administrator issues an API key (shown once), an integration uses it, and revoking it stops it at once',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      const device = await demoDevice(page);
      await openMenu(page, '系统管理', '接口密钥');
      await page.locator('.ant-table-tbody').waitFor();

      const name = `E2E 车队平台 ${Date.now() % 1_000_000}`;
      const { shown, key } = await issueKey(page, name);
      await shot('20-integration-key-once-1440');
      await shown.getByRole('button', { name: '我已保存' }).click();
      await shown.waitFor({ state: 'hidden' });
      // The list shows the key's last four characters, never the key.
      const listed = await row(page, name).innerText();
      assert.ok(listed.includes(`…${key.slice(-4)}`) && listed.includes('有效') && listed.includes('从未使用'), listed);
      assert.ok(!(await page.locator('body').innerText()).includes(key), 'the key is not on the page any more');

      const used = await push(baseUrl, key, device);
      assert.equal(used.status, 200, JSON.stringify(used.body));
      assert.equal(used.body.result.rejected, 0, JSON.stringify(used.body));
      await page.reload();
      await row(page, name).getByText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/).nth(1).waitFor();
      await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
      await shot('20-integration-keys-1440');

      await row(page, name).getByRole('button', { name: /吊\s*销/ }).click();
      await pick(page, page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }));
      await toast(page, '已吊销，使用该密钥的对接将立即被拒绝');
      await row(page, name).getByText('已吊销').waitFor();
      assert.equal(await row(page, name).getByRole('button', { name: /吊\s*销/ }).count(), 0, 'a revoked key has no revoke action');

      const refused = await push(baseUrl, key, device);
      assert.equal(refused.status, 401);
      assert.deepEqual(refused.body, { code: 5003, msg: 'API key 无效' });
    },
  },
  {
    name: 'at 390 px the key list scrolls and the shown-once dialog fits the phone',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 390, height: 844 });
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      await page.goto(`${baseUrl}/#/system/integrationKeys`);
      await page.locator('.ant-table-tbody').waitFor();
      const { shown, key } = await issueKey(page, `E2E 手机 ${Date.now() % 1_000_000}`);
      const box = await shown.locator('.integration-key-value').boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the key fits the screen: ${JSON.stringify(box)}`);
      await shot('20-integration-key-once-390');
      await shown.getByRole('button', { name: '我已保存' }).click();
      await shown.waitFor({ state: 'hidden' });
      await row(page, `…${key.slice(-4)}`).waitFor();
      await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
      await shot('20-integration-keys-390');
    },
  },
];
