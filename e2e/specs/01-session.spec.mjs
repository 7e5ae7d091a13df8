import { assert, fillLogin, signIn, signedIn } from '../helpers.mjs';

export const tests = [
  {
    name: 'the login page, and a wrong password refused with a clear message',
    async run({ page, baseUrl, shot }) {
      await page.goto(`${baseUrl}/#/login`);
      await page.getByText('账号登录').waitFor();
      assert.equal(await page.title(), '登录 - 车联网风控平台');
      await shot('01-login');
      await signIn(page, baseUrl, 'operator1', 'Wrong@2026');
      await page.getByRole('alert').getByText('用户名或密码错误').waitFor();
      await shot('01-login-error');
    },
  },
  {
    name: 'signing in greets by the hour and shows the shell with real counts',
    async run({ page, baseUrl, shot }) {
      // The greeting lives 4.5 s from the moment the session is read, and on a cold server the
      // shell can take longer than that to paint: look for it as soon as the form is sent.
      await signIn(page, baseUrl, 'finance1');
      const notice = page.locator('.ant-notification-notice').first();
      await notice.waitFor();
      assert.match(await notice.innerText(), /(早上好|上午好|中午好|下午好|晚上好)，/);
      await page.waitForURL(/#\/index/);
      assert.ok(await page.evaluate(() => localStorage.getItem('accessToken')), 'token kept under accessToken');
      await page.getByText('车联网风控平台').first().waitFor();
      // Every number is the server's: finance1 has three dealers of about 100 cars each.
      await page.getByText('车辆总数').waitFor();
      // The cards paint their titles before the figures arrive: wait for the figures themselves.
      await page.waitForFunction(() => /30\d|29\d/.test(document.querySelector('main, .ant-layout-content')?.textContent ?? ''));
      await page.waitForTimeout(300);
      await shot('02-home');
    },
  },
  {
    name: 'a page opened without a session goes to login and comes back after it',
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/#/report/basicDevice`);
      await page.waitForURL(/#\/login\?redirect=/);
      await fillLogin(page, 'operator1');
      await page.waitForURL(/#\/report\/basicDevice/);
    },
  },
  {
    name: '/register says accounts come from the administrator and leads back to sign-in',
    async run({ page, baseUrl, shot }) {
      await page.goto(`${baseUrl}/#/register`);
      await page.getByText('账号由管理员创建').waitFor();
      assert.match(page.url(), /#\/register$/);
      await shot('01-register');
      await page.getByRole('button', { name: '返回登录' }).click();
      await page.waitForURL(/#\/login$/);
      await page.getByText('账号登录').waitFor();
    },
  },
  {
    name: 'unknown paths show 404, and a page without permission shows 401',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'installer1');
      await page.goto(`${baseUrl}/#/no/such/page`);
      await page.waitForURL(/#\/404/);
      await page.getByText('抱歉，您访问的页面不存在或已被移除。').waitFor();
      await shot('03-404');
      await page.goto(`${baseUrl}/#/report/basicDevice`);
      await page.waitForURL(/#\/401/);
      await page.getByText('抱歉，您没有访问此页面的权限，请联系管理员开通。').waitFor();
      await shot('03-401');
    },
  },
  {
    name: 'logging out asks first, then returns to login with the page to come back to',
    async run({ page, baseUrl, shot }) {
      await signedIn(page, baseUrl, 'dealer1');
      await page.goto(`${baseUrl}/#/risk/customerCars`);
      await page.getByRole('button', { name: '退出登录' }).click();
      await page.getByText('确定要退出登录吗？').waitFor();
      await shot('04-logout-confirm');
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await page.waitForURL(/#\/login\?redirect=%2Frisk%2FcustomerCars|#\/login\?redirect=\/risk\/customerCars/);
      assert.equal(await page.evaluate(() => localStorage.getItem('accessToken')), null);
    },
  },
];
