export const THEMES = ['default', 'green', 'glory', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];
export type LayoutMode = 'vertical' | 'horizontal';
export type HeaderMode = 'fixed' | 'noFixed';

export type ThemeSettings = { theme: ThemeName; layout: LayoutMode; header: HeaderMode; tabsBar: boolean };

/** console-spec §9 defaults. */
export const DEFAULT_SETTINGS: Readonly<ThemeSettings> = Object.freeze({
  theme: 'default',
  layout: 'vertical',
  header: 'fixed',
  tabsBar: true,
});

export const SETTINGS_KEY = 'cvrisk.theme';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Each stored field is checked on its own, so one bad value does not throw away the others. */
export function loadSettings(store: Store = localStorage): ThemeSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(store.getItem(SETTINGS_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  return {
    theme: THEMES.includes(raw.theme as ThemeName) ? (raw.theme as ThemeName) : DEFAULT_SETTINGS.theme,
    layout: raw.layout === 'horizontal' || raw.layout === 'vertical' ? raw.layout : DEFAULT_SETTINGS.layout,
    header: raw.header === 'fixed' || raw.header === 'noFixed' ? raw.header : DEFAULT_SETTINGS.header,
    tabsBar: typeof raw.tabsBar === 'boolean' ? raw.tabsBar : DEFAULT_SETTINGS.tabsBar,
  };
}

export function saveSettings(settings: ThemeSettings, store: Store = localStorage): void {
  store.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

export function resetSettings(store: Store = localStorage): ThemeSettings {
  store.removeItem(SETTINGS_KEY);
  return { ...DEFAULT_SETTINGS };
}
