/** Words of the monitoring map (在线监控) and real-time tracking. */
export const monitoringZh = {
  'monitor.cardNoAccess': '该设备不存在，或不在您所属部门的数据范围内。',
  'monitor.cardBack': '返回全部设备',
  'monitor.legendShow': '图例',
  'monitor.legendHide': '收起图例',
  'monitor.tempTrackingSent': '已向终端下发临时跟踪指令：每{interval}秒上报一次位置，持续{minutes}分钟。离开本页即下发停止指令。',
  'monitor.tempTrackingPending': '正在向终端下发临时跟踪指令（每{interval}秒上报一次位置，持续{minutes}分钟）…',
  'monitor.tempTrackingFailed': '临时跟踪指令下发失败：{reason}。终端仍按原间隔上报，轨迹会较稀疏。',
  'monitor.tempTrackingTitle': '临时跟踪：终端加快上报位置',
  'realtime.detailsShow': '展开定位详情',
  'realtime.detailsHide': '收起定位详情',
};

export const monitoringEn: Record<keyof typeof monitoringZh, string> = {
  'monitor.cardNoAccess': 'This device does not exist or is outside your department’s data.',
  'monitor.cardBack': 'Back to all devices',
  'monitor.legendShow': 'Legend',
  'monitor.legendHide': 'Hide legend',
  'monitor.tempTrackingSent': 'A temporary-tracking command was sent to the terminal: a position every {interval} s for {minutes} min. Leaving this page sends the stop.',
  'monitor.tempTrackingPending': 'Sending a temporary-tracking command to the terminal (a position every {interval} s for {minutes} min)…',
  'monitor.tempTrackingFailed': 'The temporary-tracking command failed: {reason}. The terminal keeps its usual interval, so the trail is sparser.',
  'monitor.tempTrackingTitle': 'Temporary tracking: the terminal reports more often',
  'realtime.detailsShow': 'Show the fix details',
  'realtime.detailsHide': 'Hide the fix details',
};
