/** Words of track playback (轨迹回放) and the wireless track. */
export const trackZh = {
};

export const trackEn: Record<keyof typeof trackZh, string> = {
};
