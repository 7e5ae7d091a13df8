import { assert, dismissNotices, signedIn } from '../helpers.mjs';

/**
 * A warning of operator1's scope that has a car and a position, through the console's own API: the
 * warning list when it is there, otherwise the detail call itself over the first warning numbers.
 */
function someWarning(page) {
  return page.evaluate(async () => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    const detail = (id) => window.fetch(`/api/report/riskWarning/getWarningDetails?id=${id}`, { headers }).then((r) => r.json());
    const usable = (reply) => reply.code === 200 && reply.result.entity.carid !== null && reply.result.entity.lng !== null;
    const listed = await window.fetch('/api/report/riskWarning/findList', { method: 'POST', headers, body: JSON.stringify({ pageNumber: 1, pageSize: 50 }) })
      .then((r) => r.json()).catch(() => null);
    const ids = listed?.code === 200 ? listed.result.list.map((w) => w.id) : Array.from({ length: 400 }, (_, i) => i + 1);
    for (const id of ids) {
      const reply = await detail(id);
      if (usable(reply)) return reply.result.entity;
    }
    return null;
  });
}

const toast = (page, text) => page.locator('.ant-message').getByText(text).waitFor();
const mapSettled = (page) => page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));

export const tests = [
  {
    name: 'an operator opens a warning from its link, sees its facts and the map, looks for the home place and stops pushing that type',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      const w = await someWarning(page);
      assert.ok(w, 'operator1 has a warning with a car and a position');
      await page.goto(`${baseUrl}/#/risk/warningDetail?id=${w.id}&deviceNumber=${w.deviceNumber}&warningType=${w.warningType}`);

      const info = page.locator('.wd-card').filter({ hasText: '预警信息' });
      await info.getByText(w.warningTypeName, { exact: true }).waitFor();
      for (const text of [w.deviceNumber, w.warningTime, w.deptName4s ?? w.deptName]) await info.getByText(text).first().waitFor();
      assert.ok(await info.getByText(w.detail).isVisible(), `the finding reads as a sentence: ${w.detail}`);
      const grade = info.locator('.ant-descriptions-item').filter({ hasText: '客户等级' }).locator('.ant-tag');
      assert.match(await grade.innerText(), /高风险|潜在风险|一般客户/);

      const toolbar = page.getByRole('toolbar', { name: '车辆使用分析' });
      await toolbar.getByRole('button', { name: '预警位置' }).waitFor();
      assert.equal(await toolbar.getByRole('button', { name: '预警位置' }).getAttribute('aria-pressed'), 'true');
      await page.locator('.vu-pin').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('.vu-loading'));
      await mapSettled(page);
      await shot('09-warning-detail');
      // The laptop size operators use: the facts, the device and the map's buttons stay on screen.
      await page.setViewportSize({ width: 1366, height: 768 });
      await mapSettled(page);
      assert.ok(await toolbar.getByRole('button', { name: '本周常停点' }).isVisible());

      await toolbar.getByRole('button', { name: '疑似居住地点' }).click();
      const homes = w.carid === null ? 0 : await page.evaluate(async (carid) => {
        const headers = { accessToken: localStorage.getItem('accessToken') };
        const reply = await window.fetch(`/api/customerDraw/getCarDataAnalysis?carid=${carid}`, { headers }).then((r) => r.json());
        return reply.result.nightList.length;
      }, w.carid);
      if (homes === 0) await toast(page, '没有疑似居住地点');
      else {
        await page.locator('.vu-pin-glyph').filter({ hasText: '住' }).first().waitFor();
        await mapSettled(page);
        // The home pin's pop-up names a home, not a work place.
        // Leaflet opens a tooltip on the marker's mouseover (a pin may sit under the map's edge, where hover cannot reach).
        await page.locator('.leaflet-marker-icon[title="疑似居住地点"]').first().dispatchEvent('mouseover');
        const tip = page.locator('.leaflet-tooltip').filter({ hasText: '疑似居住地点' });
        await tip.waitFor();
        assert.ok(!(await tip.innerText()).includes('疑似工作地点'), 'the home pop-up says home');
      }
      await mapSettled(page);
      await shot('09-warning-detail-home-1366');

      const box = page.getByRole('checkbox', { name: '不推送此类预警' });
      await page.waitForFunction(() => {
        const el = document.querySelector('.wd-not-push input');
        return el && !el.disabled;
      });
      if (await box.isChecked()) {
        await box.click();
        await toast(page, '已恢复推送');
      }
      await box.click();
      await toast(page, '已取消推送');
      assert.ok(await box.isChecked());

      await page.reload();
      const again = page.getByRole('checkbox', { name: '不推送此类预警' });
      await page.waitForFunction(() => document.querySelector('.wd-not-push input')?.checked === true);
      assert.ok(await again.isChecked(), 'the exclusion is read back from the server after a reload');
    },
  },
  {
    name: 'after handling a warning on its detail page, 下一条 opens the next unhandled one',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      const open = await page.evaluate(async () => {
        const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
        for (let i = 0; i < 60; i++) {
          const body = JSON.stringify({ pageNumber: 1, pageSize: 2, dealStatus: 0 });
          const reply = await window.fetch('/api/report/riskWarning/findList', { method: 'POST', headers, body }).then((r) => r.json());
          if (reply.result.list.length === 2) return reply.result.list;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        return null;
      });
      assert.ok(open, 'operator1 has two unhandled warnings');
      const [w] = open;
      await page.goto(`${baseUrl}/#/risk/warningDetail?id=${w.id}&deviceNumber=${w.deviceNumber}&warningType=${w.warningType}`);
      await page.locator('.wd-page').getByRole('button', { name: /^处\s*理$/ }).click();
      const dialog = page.getByRole('dialog', { name: '处理预警' });
      const phrase = dialog.getByRole('group', { name: '常用语' }).getByRole('button').first();
      await phrase.click();
      const text = dialog.getByPlaceholder('请输入处理内容');
      await text.press('End');
      await text.pressSequentially('，已核实');
      const written = await text.inputValue();
      assert.ok(written.endsWith('，已核实') && written.length > 5, `the phrase stays editable: ${written}`);
      await text.press('Control+Enter');
      await dialog.waitFor({ state: 'detached' });

      const next = page.locator('.wd-next');
      await next.getByText(/已处理。下一条未处理预警：/).waitFor();
      await page.locator('.wd-page').getByText(written).waitFor();
      await shot('09-warning-detail-next');
      await next.getByRole('button', { name: /下一条/ }).click();
      await page.waitForURL((url) => url.hash.includes('warningDetail?id=') && !url.hash.includes(`id=${w.id}&`));
      const id = Number(/id=(\d+)/.exec(page.url())[1]);
      assert.notEqual(id, w.id, 'another warning opens');
      await page.locator('.wd-page').getByRole('button', { name: /^处\s*理$/ }).waitFor();
      assert.equal(await page.locator('.wd-next').count(), 0, 'the next warning starts without the banner');
    },
  },
  {
    name: "a dealer opening another dealer's warning sees 无权查看 with a way back, no retry",
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      const all = await page.evaluate(async () => {
        const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
        const reply = await window.fetch('/api/report/riskWarning/findList', { method: 'POST', headers, body: JSON.stringify({ pageNumber: 1, pageSize: 100 }) }).then((r) => r.json());
        return reply.result.list;
      });
      await page.evaluate(() => localStorage.clear());
      await signedIn(page, baseUrl, 'dealer1');
      await dismissNotices(page);
      const own = await page.evaluate(async () => {
        const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
        const reply = await window.fetch('/api/report/riskWarning/findList', { method: 'POST', headers, body: JSON.stringify({ pageNumber: 1, pageSize: 1 }) }).then((r) => r.json());
        return reply.result.list[0]?.deptId ?? null;
      });
      const theirs = all.find((w) => w.deptId !== own);
      assert.ok(theirs, "operator1 sees a warning of another dealer than dealer1's");
      await page.goto(`${baseUrl}/#/risk/warningDetail?id=${theirs.id}&deviceNumber=${theirs.deviceNumber}&warningType=${theirs.warningType}`);
      await page.getByText('无权查看').waitFor();
      assert.equal(await page.getByRole('button', { name: /重\s*试/ }).count(), 0, 'no retry that cannot succeed');
      assert.equal(await page.getByText('加载失败，请稍后重试').count(), 0);
      await shot('09-warning-detail-no-access');
      await page.getByRole('button', { name: '返回上一页' }).click();
      await page.waitForURL((url) => !url.hash.includes('warningDetail'));
    },
  },
];
