import { AimOutlined, CloseOutlined, HistoryOutlined, SendOutlined } from '@ant-design/icons';
import type { MonitorDevice, MonitorDeviceCard } from '@cvrisk/contracts';
import { Alert, Badge, Button, Card, Descriptions, Skeleton, Space, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { AccTag, DeviceKindTag, DeviceStateTag } from '../../components/StatusTags';
import { EMPTY, orDash } from '../../lib/format';
import { isOutOfReach } from '../../components/LoadFailure';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { formatHeading } from '../../lib/compass';
import { BatteryLevel, Coordinates, SignalBars } from '../../components/device/PositionCells';
import '../devicePositions/positions.css';
import { withLive } from './cardLive';
import { RelayLine } from './RelayLine';
import { playbackPath, realtimePath } from './trackLinks';

type Props = {
  deviceNumber: string;
  card: MonitorDeviceCard | undefined;
  /** Why the card could not be loaded, if it could not. */
  error: Error | null;
  retry: () => void;
  live: MonitorDevice | undefined;
  /** Present only for users with `device:command`. */
  onCommand?: (card: MonitorDeviceCard) => void;
  onPick: (deviceNumber: string) => void;
  onClose: () => void;
};

function Body({ card, onPick }: { card: MonitorDeviceCard; onPick: Props['onPick'] }) {
  const { t, lang } = useI18n();
  const carName = [card.brandName, card.modelName].filter(Boolean).join(' ') || EMPTY;
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        className="monitor-card-fields"
        items={[
          { key: 'time', label: t('monitor.fixTime'), children: orDash(card.lastTime) },
          { key: 'address', label: t('monitor.address'), children: orDash(card.address) },
          { key: 'coords', label: t('monitor.coordinates'), children: <Coordinates device={card} /> },
          {
            key: 'motion',
            label: t('monitor.motion'),
            children: card.speed === null ? EMPTY : `${card.speed.toFixed(1)} km/h${card.direction === null ? '' : ` · ${formatHeading(card.direction, lang)}`}`,
          },
          {
            key: 'status',
            label: t('monitor.status'),
            children: (
              <Space size={10} wrap>
                <span>{t('position.acc')} <AccTag acc={card.acc} /></span>
                <BatteryLevel percent={card.battery} />
                <SignalBars csq={card.signal} />
              </Space>
            ),
          },
          { key: 'plate', label: t('device.plateNumber'), children: orDash(card.plateNumber) },
          { key: 'frame', label: t('device.carFrameNumber'), children: orDash(card.carFrameNumber) },
          { key: 'car', label: t('monitor.brandModel'), children: carName },
          {
            key: 'customer',
            label: t('device.customer'),
            children: card.customerName ? `${card.customerName}${card.customerPhone ? ` · ${card.customerPhone}` : ''}` : EMPTY,
          },
          { key: 'dept', label: t('device.dept'), children: card.deptName },
          {
            key: 'warnings',
            label: t('monitor.openWarnings'),
            children: card.openWarnings ? <Badge count={card.openWarnings} overflowCount={99} /> : <span className="monitor-muted">0</span>,
          },
        ]}
      />
      <RelayLine deviceNumber={card.deviceNumber} />
      {card.siblings.length > 0 && (
        <div className="monitor-card-siblings">
          <span className="monitor-muted">{t('monitor.siblings')}</span>
          {card.siblings.map((s) => (
            <Button key={s.deviceNumber} type="link" size="small" onClick={() => onPick(s.deviceNumber)}>
              <DeviceKindTag kind={s.deviceKind} />
              {s.deviceNumber}
            </Button>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * A device the server will not show (missing, or another department's: both answer 404) cannot be
 * retried into view: the card says so, and closing it is the way back. Other failures can be retried.
 */
function CardFailure({ error, retry, onClose }: { error: Error; retry: () => void; onClose: () => void }) {
  const { t } = useI18n();
  if (isOutOfReach(error)) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('common.noAccess')}
        description={t('monitor.cardNoAccess')}
        action={
          <Button size="small" type="primary" onClick={onClose}>
            {t('monitor.cardBack')}
          </Button>
        }
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={t('monitor.cardFailed')}
      action={
        <Button size="small" onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** The card of the chosen device over the map: where and how it is, its car and customer, and what to do next. */
export function DeviceCard({ deviceNumber, card, error, retry, live, onCommand, onPick, onClose }: Props) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const current = card && withLive(card, live);
  return (
    <Card
      size="small"
      className="monitor-card"
      title={
        <Space size={6}>
          <span className="monitor-card-number">{deviceNumber}</span>
          {current && <DeviceStateTag state={current.state} />}
          {current && <DeviceKindTag kind={current.deviceKind} />}
        </Space>
      }
      extra={
        <Tooltip title={t('monitor.closeCard')}>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('monitor.closeCard')} onClick={onClose} />
        </Tooltip>
      }
      actions={
        current
          ? [
              <Button key="live" type="link" size="small" icon={<AimOutlined />} onClick={() => navigate(realtimePath(deviceNumber))}>
                {t('monitor.realtime')}
              </Button>,
              <Button key="replay" type="link" size="small" icon={<HistoryOutlined />} onClick={() => navigate(playbackPath(current.deviceKind, deviceNumber))}>
                {t('monitor.playback')}
              </Button>,
              ...(onCommand
                ? [
                    <Button key="command" type="link" size="small" icon={<SendOutlined />} onClick={() => onCommand(current)}>
                      {t('monitor.sendCommand')}
                    </Button>,
                  ]
                : []),
            ]
          : undefined
      }
    >
      {current ? <Body card={current} onPick={onPick} /> : error ? <CardFailure error={error} retry={retry} onClose={onClose} /> : <Skeleton active paragraph={{ rows: 6 }} />}
    </Card>
  );
}
