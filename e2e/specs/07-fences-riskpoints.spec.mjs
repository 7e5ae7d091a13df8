import { assert, dismissNotices, listTotal, openMenu, pick, signedIn } from '../helpers.mjs';

/** The map's box on screen; drawing clicks are placed relative to it. */
async function mapBox(page) {
  const box = await page.locator('.map-workspace-map .leaflet-container').boundingBox();
  assert.ok(box && box.width > 400 && box.height > 300, `the map has room (${JSON.stringify(box)})`);
  return box;
}

/** A device number of the signed-in user's scope, through the API the console itself uses. */
function someDeviceNumber(page) {
  return page.evaluate(async () => {
    const headers = { accessToken: localStorage.getItem('accessToken'), 'Content-Type': 'application/json' };
    const reply = await window.fetch('/api/device/getDevList', { method: 'POST', headers, body: JSON.stringify({ pageNumber: 1, pageSize: 1 }) }).then((r) => r.json());
    return reply.result.list[0].deviceNumber;
  });
}

/** Waits for the map to finish a zoom animation (fitting a selection), so a picture is not blurred. */
const mapSettled = (page) => page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));

const toast = (page, text) => page.locator('.ant-message').getByText(text).waitFor();
const listItem = (page, name) => page.locator('.map-panel-item').filter({ hasText: name });

/** How many points of a category the legend says are on the map. */
async function legendCount(page, category) {
  const text = await page.locator('.risk-legend-item').filter({ hasText: category }).locator('.risk-legend-count').innerText();
  return Number(text);
}

export const tests = [
  {
    name: 'an operator draws a polygon fence on the map, saves it, binds a device and unbinds it',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await openMenu(page, '车辆监控', '电子围栏');
      const before = await listTotal(page);
      assert.ok(before >= 2, `operator1 sees its dealers' fences (${before})`);
      await dismissNotices(page);
      // The city-wide circle: fitting it shows the market polygon inside it too.
      await listItem(page, '市区围栏').click();
      await page.locator('.fence-label').filter({ hasText: '市区围栏' }).waitFor();
      await mapSettled(page);
      await shot('07-fences');

      await page.getByRole('button', { name: /新建围栏/ }).click();
      await pick(page, page.getByRole('menuitem', { name: '多边形围栏' }));
      await page.getByText('双击或单击第一个顶点完成').waitFor();
      // Left half of the map: the editor card covers the right.
      const box = await mapBox(page);
      const at = (dx, dy) => [box.x + dx, box.y + dy];
      for (const [x, y] of [at(120, 160), at(400, 150), at(420, 380)]) await page.mouse.click(x, y);
      await page.mouse.move(...at(160, 400));
      await page.locator('.draw-tip').getByText('3 个顶点 · 双击或单击起点完成').waitFor();
      await page.mouse.dblclick(...at(140, 390));

      const editor = page.getByRole('dialog', { name: '新建多边形围栏' });
      await editor.getByText('多边形，4 个顶点').waitFor();
      assert.equal(await page.locator('.draw-handle-vertex').count(), 4, 'one handle per vertex to reshape it');
      await editor.getByRole('button', { name: /保\s*存/ }).click();
      await editor.getByText('请输入围栏名称').waitFor();
      await editor.getByText('请选择报警方式').waitFor();
      await editor.getByLabel('围栏名称').fill('E2E测试围栏');
      await editor.getByText('进出', { exact: true }).click();
      await editor.getByText('请选择报警方式').waitFor({ state: 'detached' });
      await shot('07-fence-drawing');
      await editor.getByRole('button', { name: /保\s*存/ }).click();
      await toast(page, '围栏已创建');
      assert.equal(await listTotal(page, before), before + 1, 'the new fence is listed');
      const item = listItem(page, 'E2E测试围栏');
      assert.match(await item.innerText(), /多边形[\s\S]*4 个顶点[\s\S]*进出报警[\s\S]*绑定车辆 \(0\)/);

      const deviceNumber = await someDeviceNumber(page);
      await item.getByRole('button', { name: '绑定车辆 (0)' }).click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByText('绑定车辆 · E2E测试围栏').waitFor();
      await drawer.getByText('该围栏还没有绑定车辆').waitFor();
      await drawer.getByRole('button', { name: /绑定设备/ }).click();
      const dialog = page.locator('.ant-modal');
      await dialog.getByLabel('设备号').fill(`${deviceNumber}\n999000111222`);
      await dialog.getByText('已识别 2 个设备号').waitFor();
      await dialog.getByRole('button', { name: /绑\s*定/ }).click();
      await dialog.getByText('已绑定 1 台，1 个设备号未能绑定').waitFor();
      await dialog.getByText(/未找到.*999000111222/).waitFor();
      assert.equal(await dialog.getByLabel('设备号').inputValue(), '999000111222', 'the number not found is left to correct');
      await dialog.locator('.fence-bind-actions').getByRole('button', { name: /关\s*闭/ }).click();

      const row = drawer.locator('.ant-table-row').filter({ hasText: deviceNumber });
      await row.waitFor();
      await drawer.getByText('已绑定 1 台设备').waitFor();
      await item.getByRole('button', { name: '绑定车辆 (1)' }).waitFor({ state: 'attached' });
      await row.getByRole('button', { name: /解\s*绑/ }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
      await toast(page, '已解绑 1 台设备');
      await drawer.getByText('该围栏还没有绑定车辆').waitFor();
      await drawer.locator('.ant-drawer-close').click();

      // A circle: Esc gives up; a press, a drag and a release draw it, its radius following the cursor.
      const newCircle = async () => {
        await page.getByRole('button', { name: /新建围栏/ }).click();
        await pick(page, page.getByRole('menuitem', { name: '圆形围栏' }));
        await page.getByText('拖动或移动鼠标调整半径（至少50米）').waitFor();
      };
      await newCircle();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: '新建圆形围栏' }).waitFor({ state: 'detached' });
      await newCircle();
      await page.mouse.move(...at(200, 260));
      await page.mouse.down();
      await page.mouse.move(...at(260, 260), { steps: 5 });
      await page.mouse.move(...at(320, 260), { steps: 5 });
      await page.locator('.draw-tip').getByText(/^半径 \d/).waitFor();
      await page.mouse.up();
      const circle = page.getByRole('dialog', { name: '新建圆形围栏' });
      await circle.getByText(/^圆形，半径 \d/).waitFor();
      assert.equal(await page.locator('.draw-handle-radius').count(), 1, 'a handle to resize the circle');
      await circle.getByRole('button', { name: /取\s*消/ }).click();
      await circle.waitFor({ state: 'detached' });
      assert.equal(await listTotal(page), before + 1, 'nothing saved by cancelling');
    },
  },
  {
    name: 'dealer staff without fence:edit see the fences but cannot create or change them',
    async run({ page, baseUrl }) {
      await signedIn(page, baseUrl, 'dealer1');
      await openMenu(page, '车辆监控', '电子围栏');
      const total = await listTotal(page);
      assert.ok(total > 0, `dealer1 sees its fences (${total})`);
      assert.equal(await page.getByRole('button', { name: /新建围栏/ }).count(), 0, 'no 新建围栏');
      assert.equal(await page.locator('.map-panel-item').getByRole('button', { name: /编\s*辑|删\s*除/ }).count(), 0, 'no 编辑 or 删除');
      // A fence with cars (the operator's new, empty fence is shared down to the dealer and listed first).
      await page.locator('.map-panel-item').getByRole('button', { name: /绑定车辆 \([1-9]/ }).first().click();
      await page.locator('.ant-drawer .ant-table-row').first().waitFor();
      assert.equal(await page.locator('.ant-drawer').getByRole('button', { name: /绑定设备|解\s*绑/ }).count(), 0, 'no binding changes');
    },
  },
  {
    name: 'an operator adds a risk point by clicking the map, finds it nearby, and searches addresses',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'operator1');
      await openMenu(page, '车辆监控', '风险点');
      const before = await listTotal(page);
      assert.ok(before > 10, `operator1 sees shared and own risk points (${before})`);
      await dismissNotices(page);
      const mortgages = await legendCount(page, '二押点');
      assert.ok(mortgages > 0, 'the legend counts the second-mortgage points on the map');

      const search = page.getByLabel('搜索地址，如：杭州市西湖区');
      await page.locator('.address-search .ant-input-search-btn').click();
      await toast(page, '请输入地址');
      await search.fill('zzqxwv');
      await search.press('Enter');
      await toast(page, '未找到该地址，请更换关键字');
      await search.fill('');

      // Near an existing point, so the click lands in a city whose address is known.
      await page.locator('.map-panel-item').first().click();
      await page.getByRole('dialog').locator('.ant-descriptions').waitFor();
      await page.getByRole('button', { name: /新增风险点/ }).click();
      const editor = page.getByRole('dialog', { name: '新增风险点' });
      await editor.getByText('在地图上单击风险点所在位置').waitFor();
      const box = await mapBox(page);
      await page.mouse.click(box.x + box.width / 2 - 80, box.y + box.height / 2);
      await editor.getByText(/^\d{2,3}\.\d{6}, \d{1,2}\.\d{6}$/).waitFor();
      const address = editor.getByLabel('地址');
      await page.waitForFunction(() => document.querySelector('.risk-editor textarea')?.value.length > 0);
      assert.match(await address.inputValue(), /市/, 'the address is filled in from the point');
      await editor.getByLabel('名称').fill('E2E测试押车行');
      await editor.getByLabel('类型').click();
      await pick(page, page.locator('.ant-select-item-option').filter({ hasText: '二押点' }));
      await editor.getByRole('button', { name: /保\s*存/ }).click();
      await toast(page, '风险点已创建');
      assert.equal(await listTotal(page, before), before + 1, 'the new point is listed');
      await listItem(page, 'E2E测试押车行').waitFor();
      await page.waitForFunction((n) => Number(document.querySelector('.risk-legend-item .risk-legend-count')?.textContent) === n, mortgages + 1);
      await page.getByRole('dialog', { name: 'E2E测试押车行' }).waitFor();

      await page.getByRole('button', { name: /附\s*近/ }).click();
      await page.mouse.click(box.x + box.width / 2 - 70, box.y + box.height / 2);
      const near = page.getByRole('dialog', { name: '附近3公里内的风险点' });
      const first = near.locator('.risk-nearby-list li').first();
      await first.waitFor();
      assert.match(await first.innerText(), /E2E测试押车行[\s\S]*\d+ 米[\s\S]*二押点[\s\S]*我的/, 'the new point is nearest, with its distance');
      await mapSettled(page);
      // The toast would cover the header in the picture.
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
      await shot('07-risk-points');
    },
  },
];
