import type { DeviceOnlineStats } from '@cvrisk/contracts';
import { Progress, Typography } from 'antd';
import { percent } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { KIND_COLORS, STATE_COLORS } from './homeColors';

function Row({ label, count, share, color }: { label: string; count: number; share: number; color: string }) {
  return (
    <div className="overview-row">
      <div className="overview-row-head">
        <Typography.Text>{label}</Typography.Text>
        <Typography.Text strong>
          {count.toLocaleString()} <Typography.Text type="secondary">（{share}%）</Typography.Text>
        </Typography.Text>
      </div>
      <Progress percent={share} showInfo={false} strokeColor={color} size="small" />
    </div>
  );
}

/** The same counts as the doughnut, as shares, plus the wired / wireless split. */
export function DeviceOverview({ stats }: { stats: DeviceOnlineStats }) {
  const { t } = useI18n();
  const kinds = stats.wired + stats.wireless;
  const wiredShare = percent(stats.wired, kinds);
  return (
    <div className="overview">
      <Row label={t('home.online')} count={stats.online} share={percent(stats.online, stats.total)} color={STATE_COLORS.online} />
      <Row label={t('home.offline')} count={stats.offline} share={percent(stats.offline, stats.total)} color={STATE_COLORS.offline} />
      <Row label={t('home.never')} count={stats.never} share={percent(stats.never, stats.total)} color={STATE_COLORS.never} />
      <div className="overview-row">
        <div className="overview-row-head">
          <Typography.Text>{t('home.kindShare')}</Typography.Text>
          <Typography.Text strong>
            {stats.wired.toLocaleString()} / {stats.wireless.toLocaleString()}
          </Typography.Text>
        </div>
        {/* Wireless fills what wired leaves; with no device at all (0 / 0) the bar stays empty. */}
        <Progress
          percent={kinds > 0 ? 100 : 0}
          success={{ percent: wiredShare, strokeColor: KIND_COLORS.wired }}
          strokeColor={KIND_COLORS.wireless}
          showInfo={false}
          size="small"
        />
        <div className="overview-legend">
          <span>
            <i style={{ background: KIND_COLORS.wired }} /> {t('home.wired')} {wiredShare}%
          </span>
          <span>
            <i style={{ background: KIND_COLORS.wireless }} /> {t('home.wireless')} {kinds > 0 ? Math.round((100 - wiredShare) * 10) / 10 : 0}%
          </span>
        </div>
      </div>
    </div>
  );
}
