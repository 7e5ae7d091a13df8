import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, Segmented, Slider, Switch } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { PLAY_SPEEDS, type PlaySpeed } from './trackPlayer';

type Props = {
  times: readonly string[];
  index: number;
  playing: boolean;
  speed: PlaySpeed;
  follow: boolean;
  onPlay: () => void;
  onPause: () => void;
  onSpeed: (speed: PlaySpeed) => void;
  onSeek: (index: number) => void;
  onFollow: (follow: boolean) => void;
};

/** 播放/暂停, the speed, the position in the track (dragging it seeks) and 跟随. */
export function PlayerBar(p: Props) {
  const { t } = useI18n();
  const last = p.times.length - 1;
  return (
    <div className="track-player">
      <Button
        type="primary"
        icon={p.playing ? <PauseOutlined /> : <CaretRightOutlined />}
        disabled={last < 1}
        onClick={p.playing ? p.onPause : p.onPlay}
      >
        {p.playing ? t('track.pause') : t('track.play')}
      </Button>
      <Segmented<PlaySpeed>
        size="small"
        aria-label={t('track.speed')}
        value={p.speed}
        options={PLAY_SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
        onChange={p.onSpeed}
      />
      <Slider
        className="track-player-slider"
        min={0}
        max={Math.max(last, 0)}
        value={p.index}
        disabled={last < 1}
        tooltip={{ formatter: (i) => (i === undefined ? null : p.times[i]) }}
        onChange={p.onSeek}
        aria-label={t('track.seek')}
      />
      <span className="track-player-time" aria-live="off">
        {p.times[p.index]}
      </span>
      <label className="track-player-follow">
        <Switch size="small" checked={p.follow} onChange={p.onFollow} />
        {t('track.follow')}
      </label>
    </div>
  );
}
