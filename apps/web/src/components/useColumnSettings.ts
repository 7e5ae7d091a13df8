import { useState } from 'react';

const keyOf = (tableId: string) => `cvrisk.columns.${tableId}`;

function loadHidden(tableId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(tableId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Which columns a user has hidden on a table, remembered per table in this browser. */
export function useColumnSettings(tableId: string) {
  const [hidden, setHiddenState] = useState<string[]>(() => loadHidden(tableId));
  const setHidden = (keys: string[]) => {
    setHiddenState(keys);
    if (keys.length) localStorage.setItem(keyOf(tableId), JSON.stringify(keys));
    else localStorage.removeItem(keyOf(tableId));
  };
  return { hidden, setHidden };
}
