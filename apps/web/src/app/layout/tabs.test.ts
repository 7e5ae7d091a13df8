import { describe, expect, it } from 'vitest';
import { MAX_TABS, landingAfterClose, tabsReducer, type VisitedTab } from './tabs';

const tab = (path: string, affix = false, fullPath = path): VisitedTab => ({
  path,
  fullPath,
  name: path,
  meta: { title: { zh: path, en: path }, affix },
});
const paths = (tabs: VisitedTab[]) => tabs.map((t) => t.path);
const home = tab('/index', true);
const start = [home, tab('/a'), tab('/b'), tab('/c'), tab('/d')];

describe('tabs reducer', () => {
  it('opens a tab once and refreshes its full path on revisit', () => {
    let s = tabsReducer([home], { type: 'open', tab: tab('/a') });
    s = tabsReducer(s, { type: 'open', tab: tab('/a', false, '/a?state=offline') });
    expect(paths(s)).toEqual(['/index', '/a']);
    expect(s[1]!.fullPath).toBe('/a?state=offline');
  });

  it('never closes the affix tab', () => {
    expect(paths(tabsReducer(start, { type: 'close', path: '/index' }))).toEqual(paths(start));
    expect(paths(tabsReducer(start, { type: 'close', path: '/b' }))).toEqual(['/index', '/a', '/c', '/d']);
  });

  it('close others / left / right / all keep the affix tab', () => {
    expect(paths(tabsReducer(start, { type: 'closeOthers', path: '/b' }))).toEqual(['/index', '/b']);
    expect(paths(tabsReducer(start, { type: 'closeLeft', path: '/c' }))).toEqual(['/index', '/c', '/d']);
    expect(paths(tabsReducer(start, { type: 'closeRight', path: '/b' }))).toEqual(['/index', '/a', '/b']);
    expect(paths(tabsReducer(start, { type: 'closeAll' }))).toEqual(['/index']);
  });

  it('keeps an affix tab that sits right of the target when closing right', () => {
    const mixed = [tab('/a'), tab('/b'), tab('/pinned', true), tab('/c')];
    expect(paths(tabsReducer(mixed, { type: 'closeRight', path: '/a' }))).toEqual(['/a', '/pinned']);
    expect(paths(tabsReducer(mixed, { type: 'closeLeft', path: '/c' }))).toEqual(['/pinned', '/c']);
  });

  it(`keeps at most ${MAX_TABS} tabs, dropping the oldest non-affix one`, () => {
    let s = [home];
    for (let i = 1; i <= MAX_TABS; i++) s = tabsReducer(s, { type: 'open', tab: tab(`/p${i}`) });
    expect(s).toHaveLength(MAX_TABS);
    expect(s[0]!.path).toBe('/index');
    expect(s[1]!.path).toBe('/p2');
    expect(s.at(-1)!.path).toBe(`/p${MAX_TABS}`);
  });

  it('lands on the last remaining tab when the active one closes', () => {
    const after = tabsReducer(start, { type: 'close', path: '/d' });
    expect(landingAfterClose(after, '/d')).toBe('/c');
    expect(landingAfterClose(after, '/a')).toBeNull();
  });
});
