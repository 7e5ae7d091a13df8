import ExcelJS from 'exceljs';
import { assert, dismissNotices, listTotal, openMenu, pick, signedIn } from '../helpers.mjs';

/** The rows of the table on screen, cell texts by column title. */
async function tableRows(page) {
  return page.locator('.ant-table').first().evaluate((table) => {
    const titles = [...table.querySelectorAll('thead th')].map((th) => th.innerText.trim());
    return [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
      Object.fromEntries([...tr.querySelectorAll('td')].map((td, i) => [titles[i], td.innerText.trim()])),
    );
  });
}

export const tests = [
  {
    name: 'a manager opens last week’s mileage report, sorts by distance, replays the top car’s day and exports the same rows',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'finance1');
      await openMenu(page, '报表中心', '里程报表');
      await listTotal(page);
      await page.locator('.report-summary canvas').first().waitFor();
      // Last week, Monday to Sunday, in Shanghai.
      const today = new Date(Date.now() + 8 * 3600_000);
      const monday = new Date(today.getTime() - (((today.getUTCDay() + 6) % 7) + 7) * 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel('统计时间').click();
      await pick(page, page.locator('.ant-picker-presets li').filter({ hasText: '上周' }));
      await page.waitForFunction((d) => document.querySelector('input[placeholder="开始日期"]')?.value === d, monday);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForURL(new RegExp(`beginDate=${monday}`));

      // A click sorts up, a second click down: the longest day first.
      const header = page.getByRole('columnheader', { name: '里程(km)', exact: true });
      await header.click();
      await page.waitForURL(/sortOrder=asc/);
      // The header shows the order it now has before it is clicked again (antd turns the shown order over).
      await page.locator('th[aria-sort="ascending"]').waitFor();
      await header.click();
      await page.waitForURL(/sortField=mileage&sortOrder=desc/);
      // The new order's rows are asked for in the render that turns the header over; then they arrive.
      await page.locator('th[aria-sort="descending"]').waitFor();
      await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
      // Read once last week's sorted page is in (the previous total stays on screen while it loads).
      const total = await listTotal(page);
      assert.ok(total > 50, `last week's car-days of finance1's fleet (${total})`);
      const rows = await tableRows(page);
      const km = rows.map((r) => Number(r['里程(km)']));
      assert.deepEqual(km, [...km].sort((a, b) => b - a), 'the page is in falling distance');
      assert.ok(km[0] > 0, 'the top car drove');
      // The other widths: 14-widths.
      await dismissNotices(page);
      await shot('17-mileage-report-sorted');

      // The file: every row of the report, in the screen's order, with the screen's figures.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: /导\s*出/ }).click();
      const download = await downloading;
      assert.match(download.suggestedFilename(), /^里程报表-\d{8}-\d{6}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const sheet = book.worksheets[0];
      assert.equal(sheet.rowCount - 1, total, 'the file has every row of the report');
      const head = sheet.getRow(1).values;
      const col = (name) => head.indexOf(name);
      for (const [i, r] of rows.entries()) {
        const line = sheet.getRow(i + 2);
        assert.equal(String(line.getCell(col('设备号')).value), r['设备号'], `row ${i + 1}: device`);
        assert.equal(String(line.getCell(col('日期')).value), r['日期'], `row ${i + 1}: day`);
        assert.equal(Number(line.getCell(col('里程(km)')).value), Number(r['里程(km)']), `row ${i + 1}: distance`);
      }

      // The top car's track for that day.
      const top = page.locator('.ant-table-row').first();
      await top.getByRole('link', { name: '轨迹' }).click();
      await page.waitForURL(new RegExp(`trackPlayback\\?deviceNumber=${rows[0]['设备号']}&startTime=${rows[0]['日期']}`));
      // The day's fixes are loaded and the player stands on the first of them.
      await page.waitForFunction(() => /第 1 \/ \d+ 个点/.test(document.querySelector('.track-fix-panel')?.textContent ?? ''));
      await dismissNotices(page);
      await shot('17-top-car-track');
    },
  },
  {
    name: 'each report and statistics screen shows its figures, totals and chart, and refuses a period longer than it allows',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'admin');
      const screens = [
        ['report/parkingReport', '停车报表'], ['report/weekParkingReport', '周停车报表'], ['report/timesParkingReport', '时段停车报表'],
        ['report/driveBehavior', '驾驶行为报表'], ['ubi/carMileage', '车辆里程'], ['ubi/ignition', '点火统计'], ['ubi/travelStatistics', '出行统计'],
        ['ubi/drivingBehavior', '驾驶行为统计'], ['riskConfig/dealersMultiDimensionalStatistics', '经销商多维统计'], ['riskConfig/installerMultiDimensionalStatistics', '安装商多维统计'],
      ];
      for (const [path, title] of screens) {
        await page.goto(`${baseUrl}/#/${path}`);
        await page.locator('.list-card').getByText(title).first().waitFor();
        assert.ok((await listTotal(page)) > 0, `${title} has rows`);
        await page.locator('.report-summary canvas').first().waitFor();
        await dismissNotices(page);
        await shot(`17-${path.split('/')[1]}`);
      }
      await page.goto(`${baseUrl}/#/report/mileageReport?beginDate=2026-01-01%2000:00:00&endDate=2026-03-31%2023:59:59`);
      await listTotal(page);
      // A stale address with too long a period drops it: the screen opens on its default week instead of failing.
      assert.notEqual(await page.getByPlaceholder('开始日期').inputValue(), '2026-01-01');
    },
  },
];
