import { theme, type ThemeConfig } from 'antd';
import type { ThemeName } from './themeSettings';

/** Colours of the shell around the pages (side bar, top bar); the pages follow the antd tokens. */
export type ShellPalette = {
  dark: boolean;
  siderBg: string;
  subMenuBg: string;
  /** Logo text on the side bar / horizontal top bar. */
  brand: string;
  /** A thin line under the header, in the theme's accent. */
  accent: string;
};

type Theme = { primary: string; shell: ShellPalette; selectedText?: string };

const THEMES: Record<ThemeName, Theme> = {
  default: {
    primary: '#1668dc',
    shell: { dark: false, siderBg: '#0f1f3d', subMenuBg: '#0a1730', brand: '#ffffff', accent: '#1668dc' },
  },
  green: {
    primary: '#0d9a63',
    shell: { dark: false, siderBg: '#0e2b23', subMenuBg: '#092019', brand: '#ffffff', accent: '#0d9a63' },
  },
  // Warm corporate: crimson actions, deep maroon bar, gold highlights.
  glory: {
    primary: '#b4231b',
    selectedText: '#ffe3a3',
    shell: { dark: false, siderBg: '#3a0f0c', subMenuBg: '#2c0906', brand: '#f0c36a', accent: '#d4a24c' },
  },
  dark: {
    primary: '#3c89e8',
    shell: { dark: true, siderBg: '#141414', subMenuBg: '#0d0d0d', brand: '#ffffff', accent: '#303030' },
  },
};

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

export function shellPaletteOf(name: ThemeName): ShellPalette {
  return THEMES[name].shell;
}

export function antdThemeOf(name: ThemeName): ThemeConfig {
  const t = THEMES[name];
  const dark = t.shell.dark;
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: t.primary,
      colorInfo: t.primary,
      colorLink: t.primary,
      borderRadius: 4,
      fontFamily: FONT,
      ...(dark ? {} : { colorBgLayout: '#f0f2f5' }),
    },
    components: {
      Layout: {
        siderBg: t.shell.siderBg,
        headerBg: dark ? '#1f1f1f' : '#ffffff',
        headerHeight: 48,
        headerPadding: '0 16px',
        footerPadding: '12px 16px',
      },
      Menu: {
        darkItemBg: t.shell.siderBg,
        darkSubMenuItemBg: t.shell.subMenuBg,
        darkPopupBg: t.shell.siderBg,
        darkItemSelectedBg: t.primary,
        ...(t.selectedText ? { darkItemSelectedColor: t.selectedText } : {}),
        itemHeight: 44,
      },
      Table: { cellPaddingBlockMD: 9, cellPaddingBlockSM: 5, headerBorderRadius: 0 },
      Card: { headerFontSize: 15 },
    },
  };
}
