/** Device-state colours of the home page, shared by the doughnut and the progress bars. */
export const STATE_COLORS = { online: '#52c41a', offline: '#8c8c8c', never: '#fa8c16' } as const;
export const KIND_COLORS = { wired: '#2f54eb', wireless: '#13c2c2' } as const;
/** Risk levels in the red, orange and blue of their tags (server-behaviour §12). */
export const LEVEL_COLORS = { high: '#f5222d', medium: '#fa8c16', low: '#1677ff' } as const;
export const GRADE_COLORS = { high: '#f5222d', potential: '#fa8c16', general: '#52c41a' } as const;
