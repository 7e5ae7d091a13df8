/** Words of the monitoring map (在线监控) and real-time tracking. */
export const monitoringZh = {
};

export const monitoringEn: Record<keyof typeof monitoringZh, string> = {
};
