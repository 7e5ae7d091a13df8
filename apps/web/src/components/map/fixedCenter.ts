/** console-spec §2: a map with nothing to show yet starts on one fixed point (Shanghai), [lng, lat]. */
export const FIXED_CENTER: [number, number] = [121.4737, 31.2304];
