import { TrackScreen } from './TrackScreen';

/** 无线轨迹: a wireless tracker's few fixes a day, each with how it was located. */
export function WirelessTrackPage() {
  return <TrackScreen kind="wireless" />;
}
