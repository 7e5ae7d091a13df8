import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor give a screen 1 s by default. A loaded 2-core CI host (both projects and the
// server tests sharing it) rendered some antd screens later than that while they were right: a
// wait that fails only on a slow machine is a flaky test, not a finding. A screen that never shows
// still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

// antd's responsive helpers (Grid, Table, Layout.Sider) query media features that jsdom lacks.
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// Used by antd's overflow-aware pieces (Menu, Tabs) and by the charts; jsdom does no layout anyway.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
