/** Words of track playback (轨迹回放) and the wireless track. */
export const trackZh = {
  'track.exportWaiting': '轨迹加载中，加载完成后可导出',
  'track.exportNothing': '当前时段没有轨迹点可导出，请换个时段查询',
  'track.parkedFor': '停留 {duration}',
  'track.noFixesFor': '无定位 {duration}',
  'track.playSpeed': '播放倍速',
  'track.speedHint': '1× 约1分钟播完2.5小时的行驶；停留一闪而过，并标出停留时长',
};

export const trackEn: Record<keyof typeof trackZh, string> = {
  'track.exportWaiting': 'The track is loading; export once it has loaded',
  'track.exportNothing': 'No fixes in this period to export; try another period',
  'track.parkedFor': 'Stopped {duration}',
  'track.noFixesFor': 'No fixes for {duration}',
  'track.playSpeed': 'Playback speed',
  'track.speedHint': '1× plays 2.5 hours of driving in about a minute; stops pass in a moment, labelled with how long they lasted',
};
