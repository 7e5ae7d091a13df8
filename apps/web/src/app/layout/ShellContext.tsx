import { createContext, use } from 'react';

type Shell = {
  /** Height of the fixed header, so tables can pin their header just below it. */
  stickyOffset: number;
  isMobile: boolean;
};

export const ShellContext = createContext<Shell>({ stickyOffset: 0, isMobile: false });

export function useShell(): Shell {
  return use(ShellContext);
}
