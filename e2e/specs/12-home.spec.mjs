import { assert, dismissNotices, signedIn } from '../helpers.mjs';

const LAPTOP = { width: 1366, height: 768 };

/** A home figure through the API the console itself calls, with the signed-in user's token. */
function api(page, name) {
  return page.evaluate(async (n) => {
    const headers = { accessToken: localStorage.getItem('accessToken') };
    const reply = await window.fetch(`/api/indexMonitoring/${n}`, { headers }).then((r) => r.json());
    return reply.result;
  }, name);
}

/** The number a stat card shows under its title. */
async function cardValue(page, title) {
  const card = page.locator('.stat-card').filter({ has: page.locator('.ant-statistic-title', { hasText: title }) });
  const text = await card.locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/[,\s]/g, ''));
}

/** How many pixels of a chart's canvas are painted: a blank or zero-sized chart has none. */
function paintedPixels(page, label) {
  return page.getByRole('img', { name: label }).locator('canvas').first().evaluate((canvas) => {
    const { width, height } = canvas;
    if (!width || !height) return 0;
    const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 16) if (data[i] > 0) painted++;
    return painted;
  });
}

const sum = (series) => series.list.reduce((n, d) => n + d.high + d.medium + d.low, 0);

/** The engine keeps writing warnings: compare again after a reload when a figure moved in between. */
async function figuresMatch(page, read) {
  for (let attempt = 0; ; attempt++) {
    const { shown, expected } = await read();
    if (JSON.stringify(shown) === JSON.stringify(expected) || attempt === 2) {
      assert.deepEqual(shown, expected);
      return expected;
    }
    await page.reload();
  }
}

async function chartsPainted(page, labels) {
  for (const label of labels) {
    await page.getByRole('img', { name: label }).locator('canvas').first().waitFor();
    let painted = 0;
    for (let i = 0; i < 20 && painted < 50; i++) {
      painted = await paintedPixels(page, label);
      if (painted < 50) await page.waitForTimeout(150);
    }
    assert.ok(painted >= 50, `the ${label} chart is painted (${painted} pixels)`);
  }
}

export const tests = [
  {
    name: 'admin sees the home charts painted, with the warning figures the API gives',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize(LAPTOP);
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      await page.locator('.stat-card').filter({ hasText: '全部未处理预警' }).locator('.ant-statistic-content-value').waitFor();
      await chartsPainted(page, ['设备状态分布', '预警趋势', '客户风险等级', '未处理预警类型分布']);

      const counts = await figuresMatch(page, async () => {
        await page.locator('.stat-card').filter({ hasText: '今日设备报警' }).locator('.ant-statistic-content-value').waitFor();
        const [w, a, week] = await Promise.all([api(page, 'warningCount'), api(page, 'alarmCount'), api(page, 'warningListWeek')]);
        return {
          shown: [await cardValue(page, '今日预警'), await cardValue(page, '全部未处理预警'), await cardValue(page, '本周预警'), await cardValue(page, '今日设备报警')],
          expected: [w.today, w.unhandled, week.count, a.today],
        };
      });
      assert.ok(counts[1] > 0, `the demo engine has raised warnings (${counts[1]} unhandled)`);
      await figuresMatch(page, async () => {
        const text = await page.getByTestId('trend-total').innerText();
        return { shown: Number(text.replace(/\D/g, '')), expected: sum(await api(page, 'warningCount7day')) };
      });
      const byType = await api(page, 'customerWarningStatistics');
      assert.equal(byType.list.reduce((n, r) => n + r.count, 0), (await api(page, 'warningCount')).unhandled, 'the type bars add up to the unhandled count');
      await shot('12-home-top');

      await page.getByText('近30天').click();
      await figuresMatch(page, async () => {
        await page.waitForFunction(() => document.querySelector('[data-testid="trend-total"]'));
        const month = sum(await api(page, 'warningCount30day'));
        await page.waitForFunction((m) => document.querySelector('[data-testid="trend-total"]')?.textContent.replace(/\D/g, '') === String(m), month, { timeout: 5000 }).catch(() => {});
        const text = await page.getByTestId('trend-total').innerText();
        return { shown: Number(text.replace(/\D/g, '')), expected: month };
      });
      await page.locator('.home-card').filter({ hasText: '本周最新预警' }).scrollIntoViewIfNeeded();
      await chartsPainted(page, ['预警趋势']);
      // Let the bars finish growing into the 30 days.
      await page.waitForTimeout(1500);
      await shot('12-home-bottom');

      const week = await api(page, 'warningListWeek');
      if (week.list.length > 0) {
        await page.locator('.home-week-table .ant-table-row').first().click();
        await page.waitForURL(/#\/risk\/warningDetail\?/);
        const params = new URL(page.url().replace('/#/', '/')).searchParams;
        assert.ok(Number(params.get('id')) > 0 && params.get('deviceNumber') && params.get('warningType'), `detail link ${page.url()}`);
      } else {
        await page.getByText('本周还没有预警').waitFor();
      }
    },
  },
  {
    name: 'the home page at 992 px in the dark theme keeps its charts readable',
    async run({ page, baseUrl, shot }) {
      await page.setViewportSize({ width: 992, height: 768 });
      await page.goto(`${baseUrl}/#/login`);
      await page.evaluate(() => localStorage.setItem('cvrisk.theme', JSON.stringify({ theme: 'dark', layout: 'vertical', header: 'fixed', tabsBar: true })));
      // The console reads its theme when it loads.
      await page.reload();
      await signedIn(page, baseUrl, 'operator1');
      await dismissNotices(page);
      await chartsPainted(page, ['设备状态分布', '预警趋势', '客户风险等级', '未处理预警类型分布']);
      const bg = await page.evaluate(() => getComputedStyle(document.querySelector('.home-card')).backgroundColor);
      assert.notEqual(bg, 'rgb(255, 255, 255)', 'cards are dark');
      await page.locator('.home-card').filter({ hasText: '预警趋势' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(1000);
      await shot('12-home-dark-992');
      await page.locator('.home-card').filter({ hasText: '本周最新预警' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await shot('12-home-dark-992-week');
    },
  },
  {
    name: 'the customer-grade chart shows its labels whole at 1440, 1366 and 992 px',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'admin');
      await dismissNotices(page);
      for (const width of [1440, 1366, 992]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('img', { name: '客户风险等级' }).scrollIntoViewIfNeeded();
        await chartsPainted(page, ['客户风险等级']);
        // The pie grows in and its labels settle after a resize.
        await page.waitForTimeout(1200);
        await shot(`12-home-grade-${width}`);
      }
    },
  },
  {
    name: 'an installer sees their own orders, not device figures, and is not sent to the no-permission page',
    async run({ page, baseUrl }) {
      await signedIn(page, baseUrl, 'installer1');
      await page.locator('.stat-card').filter({ hasText: '待接单' }).waitFor();
      assert.match(page.url(), /#\/index/);
      assert.equal(await page.getByText('设备总数').count(), 0);
      assert.equal(await page.getByText('今日预警').count(), 0);
      assert.equal(await page.getByText('客户总数').count(), 0);
    },
  },
];
