import { TrackScreen } from './TrackScreen';

/** 轨迹回放: a wired terminal's track, coloured by speed, with its stops. */
export function TrackPlaybackPage() {
  return <TrackScreen kind="wired" />;
}
