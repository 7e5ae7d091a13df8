import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_KEY, loadSettings, resetSettings, saveSettings } from './themeSettings';

describe('theme settings', () => {
  it('defaults to header fixed, vertical layout, tabs bar on, default theme', () => {
    expect(loadSettings()).toEqual({ theme: 'default', layout: 'vertical', header: 'fixed', tabsBar: true });
  });

  it('saves to localStorage and restores after a reload', () => {
    saveSettings({ theme: 'dark', layout: 'horizontal', header: 'noFixed', tabsBar: false });
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!)).toMatchObject({ theme: 'dark' });
    expect(loadSettings()).toEqual({ theme: 'dark', layout: 'horizontal', header: 'noFixed', tabsBar: false });
  });

  it('reset removes the stored choice and returns the defaults', () => {
    saveSettings({ theme: 'glory', layout: 'horizontal', header: 'noFixed', tabsBar: false });
    expect(resetSettings()).toEqual(DEFAULT_SETTINGS);
    expect(localStorage.getItem(SETTINGS_KEY)).toBeNull();
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the valid fields of a damaged value and defaults the rest', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ theme: 'green', layout: 'diagonal', tabsBar: 'yes' }));
    expect(loadSettings()).toEqual({ ...DEFAULT_SETTINGS, theme: 'green' });
    localStorage.setItem(SETTINGS_KEY, '{not json');
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });
});
