// Shared steps of the browser suite: what an operator does, not how the page is built.
import assert from 'node:assert/strict';

export const PASSWORD = 'Demo@2026';

export async function signIn(page, baseUrl, username, password = PASSWORD) {
  await page.goto(`${baseUrl}/#/login`);
  await fillLogin(page, username, password);
}

/** Fills the login form already on screen (keeping its redirect query) and submits it. */
export async function fillLogin(page, username, password = PASSWORD) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export async function signedIn(page, baseUrl, username) {
  await signIn(page, baseUrl, username);
  await page.waitForURL(/#\/index/);
  await page.locator('.ant-layout-footer, footer').first().waitFor();
}

/**
 * The blocking dialog a created or reset password opens at sign-in: the one-time password out, the
 * user's own in; the console then opens in place (a hash change, no page load).
 */
export async function changeInitialPassword(page, current, fresh) {
  const forced = page.getByRole('dialog', { name: '请先修改初始密码' });
  await forced.getByLabel('当前密码', { exact: true }).fill(current);
  await forced.getByLabel('新密码', { exact: true }).fill(fresh);
  await forced.getByLabel('确认新密码', { exact: true }).fill(fresh);
  await forced.getByRole('button', { name: /确认修改/ }).click();
  await page.waitForFunction(() => window.location.hash.startsWith('#/index'), undefined, { timeout: 30_000 });
  await page.locator('.ant-menu').first().waitFor();
  await dismissNotices(page);
}

/** Waits until the list's pagination says `共 N 条` and returns N. */
export async function listTotal(page, differentFrom) {
  if (differentFrom !== undefined) {
    await page.waitForFunction(
      (old) => {
        const el = document.querySelector('.ant-pagination-total-text');
        return el && !el.textContent.replace(/,/g, '').includes(`共 ${old} 条`);
      },
      differentFrom,
    );
  }
  const total = page.locator('.ant-pagination-total-text');
  await total.waitFor();
  const text = await total.innerText();
  const m = /共\s*([\d,]+)\s*条/.exec(text);
  assert.ok(m, `no total in "${text}"`);
  return Number(m[1].replace(/,/g, ''));
}

/**
 * Opens a page from the menu: in the side bar by unfolding its group; in the horizontal top menu through
 * the group's pop-up, and through the '…' overflow when the top bar has no room left for the group.
 */
export async function openMenu(page, group, item) {
  const link = page.getByRole('menuitem', { name: item }).filter({ visible: true });
  if (!(await link.count())) {
    const groupItem = page.getByRole('menuitem', { name: group }).filter({ visible: true });
    if (!(await groupItem.count())) await page.locator('.ant-menu-overflow-item-rest').hover();
    if (await page.locator('.ant-menu-horizontal').count()) await groupItem.first().hover();
    else await groupItem.first().click();
  }
  await pick(page, link.first());
}

// zoom: a dialog opening, whose form may still be set up under a click that came too early.
const POPUP_OPENING = ['slide-up', 'slide-down', 'zoom-big', 'zoom']
  .flatMap((m) => [`.ant-${m}-appear`, `.ant-${m}-enter`])
  .join(', ');

/**
 * Clicks an item of a pop-up (menu, drop-down, select list, dialog) once the pop-up has finished sliding in: a
 * click during the animation can land on nothing, which a loaded CI machine showed more than once.
 */
export async function pick(page, item) {
  await item.waitFor();
  await page.waitForFunction((selector) => !document.querySelector(selector), POPUP_OPENING);
  await item.click();
}

export { assert };

/** A call of the console's API with the page's session, as the console makes it; answers the envelope. */
export function api(page, method, url, body) {
  return page.evaluate(async ({ method, url, body }) => {
    const res = await window.fetch(url, {
      method,
      headers: { accessToken: localStorage.getItem('accessToken'), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  }, { method, url, body });
}

/**
 * On a phone the side menu, when open, covers the screen: close it as an operator would, by tapping
 * beside it, and wait until it has folded. It also folds by itself 2 s after opening, so it may go
 * between being seen and being tapped (a loaded machine showed that): a tap that finds nothing any
 * more is not a failure.
 */
export async function closePhoneMenu(page) {
  const mask = page.locator('.shell-mask');
  if (await mask.isVisible()) await mask.click({ position: { x: 370, y: 420 }, timeout: 3_000 }).catch(() => {});
  await mask.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.querySelector('.shell-sider').getBoundingClientRect().width === 0);
}

/** Closes the welcome notice so it does not cover a screenshot. */
export async function dismissNotices(page) {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => {});
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' }).catch(() => {});
}

/**
 * Collects what the browser reports as Content-Security-Policy violations: the policy the server sends
 * must allow everything the console does. Call before the page's first navigation.
 */
export async function watchPolicyViolations(context, page) {
  const violations = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}
