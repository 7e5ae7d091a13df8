import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, Segmented, Slider, Switch, Tooltip } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { PLAY_SPEEDS, type PlaySpeed } from './trackPlayer';

type Props = {
  /** Where the replay stands on its timeline, and where the timeline ends (ms at 1×). */
  clock: number;
  end: number;
  /** The current fix's time, and the fix time at a point of the timeline (the slider's tooltip). */
  time: string;
  timeAt: (clock: number) => string;
  playing: boolean;
  speed: PlaySpeed;
  follow: boolean;
  onPlay: () => void;
  onPause: () => void;
  onSpeed: (speed: PlaySpeed) => void;
  onSeek: (clock: number) => void;
  onFollow: (follow: boolean) => void;
};

/** About a thousand steps along the bar, so the arrow keys move it by something one sees. */
const SLIDER_STEPS = 1000;

/**
 * 播放/暂停, the position in the replay (dragging it seeks), the time, the speed and 跟随. On a narrow
 * map column (a phone, a 992 px laptop) it folds into two rows: see track.css.
 */
export function PlayerBar(p: Props) {
  const { t } = useI18n();
  const playable = p.end > 0;
  return (
    <div className="track-player">
      {/* Named by aria-label too: on a narrow column only the icon shows. */}
      <Button
        className="track-player-play"
        type="primary"
        icon={p.playing ? <PauseOutlined /> : <CaretRightOutlined />}
        disabled={!playable}
        aria-label={p.playing ? t('track.pause') : t('track.play')}
        onClick={p.playing ? p.onPause : p.onPlay}
      >
        {p.playing ? t('track.pause') : t('track.play')}
      </Button>
      <Slider
        className="track-player-slider"
        min={0}
        max={Math.max(p.end, 0)}
        step={Math.max(p.end / SLIDER_STEPS, 1)}
        value={p.clock}
        disabled={!playable}
        tooltip={{ formatter: (clock) => (clock === undefined ? null : p.timeAt(clock)) }}
        onChange={p.onSeek}
        aria-label={t('track.seek')}
      />
      <span className="track-player-time" aria-live="off">
        {p.time}
      </span>
      {/* One row with the rest on a wide column; a row of its own under the bar on a narrow one. */}
      <div className="track-player-options">
        <Tooltip title={t('track.speedHint')}>
          <Segmented<PlaySpeed>
            className="track-player-speed"
            size="small"
            aria-label={t('track.playSpeed')}
            value={p.speed}
            options={PLAY_SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
            onChange={p.onSpeed}
          />
        </Tooltip>
        <label className="track-player-follow">
          <Switch size="small" checked={p.follow} onChange={p.onFollow} />
          {t('track.follow')}
        </label>
      </div>
    </div>
  );
}
