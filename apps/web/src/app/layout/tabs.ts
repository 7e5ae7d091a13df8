import type { Label } from '@cvrisk/contracts';

/** console-spec §3 "Visited tab". */
export type VisitedTab = { path: string; fullPath: string; name: string; meta: { title: Label; affix: boolean } };

/** console-spec §9 "tab cache max 99". */
export const MAX_TABS = 99;

export type TabsAction =
  | { type: 'open'; tab: VisitedTab }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'closeLeft'; path: string }
  | { type: 'closeRight'; path: string }
  | { type: 'closeAll' };

/** Affix tabs (the home tab) survive every close. */
export function tabsReducer(tabs: VisitedTab[], action: TabsAction): VisitedTab[] {
  const at = 'path' in action ? tabs.findIndex((t) => t.path === action.path) : -1;
  switch (action.type) {
    case 'open': {
      const existing = tabs.findIndex((t) => t.path === action.tab.path);
      if (existing >= 0) {
        if (tabs[existing]!.fullPath === action.tab.fullPath) return tabs;
        return tabs.map((t, i) => (i === existing ? { ...t, fullPath: action.tab.fullPath } : t));
      }
      const next = [...tabs, action.tab];
      while (next.length > MAX_TABS) {
        const oldest = next.findIndex((t) => !t.meta.affix);
        if (oldest < 0 || oldest === next.length - 1) break;
        next.splice(oldest, 1);
      }
      return next;
    }
    case 'close':
      return tabs.filter((t) => t.meta.affix || t.path !== action.path);
    case 'closeOthers':
      return at < 0 ? tabs : tabs.filter((t) => t.meta.affix || t.path === action.path);
    case 'closeLeft':
      return at < 0 ? tabs : tabs.filter((t, i) => t.meta.affix || i >= at);
    case 'closeRight':
      return at < 0 ? tabs : tabs.filter((t, i) => t.meta.affix || i <= at);
    case 'closeAll':
      return tabs.filter((t) => t.meta.affix);
  }
}

/** Where to go when the active tab was closed: the last tab left, as most consoles do; null to stay. */
export function landingAfterClose(remaining: readonly VisitedTab[], activePath: string): string | null {
  if (remaining.some((t) => t.path === activePath)) return null;
  return remaining.at(-1)?.fullPath ?? '/';
}
