import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import { loadSettings, resetSettings, saveSettings, type ThemeSettings } from './themeSettings';

type Settings = {
  /** What the console shows now: the saved settings, or the unsaved ones while the drawer is open. */
  settings: ThemeSettings;
  drawerOpen: boolean;
  openDrawer: () => void;
  /** Closing without saving puts the saved settings back. */
  closeDrawer: () => void;
  preview: (change: Partial<ThemeSettings>) => void;
  save: () => void;
  reset: () => void;
};

const SettingsContext = createContext<Settings | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [saved, setSaved] = useState<ThemeSettings>(() => loadSettings());
  const [draft, setDraft] = useState<ThemeSettings | null>(null);

  const value = useMemo<Settings>(
    () => ({
      settings: draft ?? saved,
      drawerOpen: draft !== null,
      openDrawer: () => setDraft(saved),
      closeDrawer: () => setDraft(null),
      preview: (change) => setDraft((d) => ({ ...(d ?? saved), ...change })),
      save: () => {
        const next = draft ?? saved;
        saveSettings(next);
        setSaved(next);
        setDraft(null);
      },
      reset: () => {
        const defaults = resetSettings();
        setSaved(defaults);
        setDraft(defaults);
      },
    }),
    [saved, draft],
  );
  return <SettingsContext value={value}>{children}</SettingsContext>;
}

export function useSettings(): Settings {
  const ctx = use(SettingsContext);
  if (!ctx) throw new Error('useSettings outside SettingsProvider');
  return ctx;
}
