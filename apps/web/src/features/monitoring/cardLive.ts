import { formatTime, parseTime, type MonitorDevice, type MonitorDeviceCard } from '@cvrisk/contracts';
import { wgsToDatum } from '../../components/map/datum';

/**
 * The card as the server answered it, moved on by a newer live update of the same device: the stream
 * arrives every second, the card is refetched every half minute.
 */
export function withLive(card: MonitorDeviceCard, live: MonitorDevice | undefined): MonitorDeviceCard {
  if (!live || live.id !== card.id) return card;
  const cardTime = card.lastTime === null ? null : parseTime(card.lastTime);
  const newer = live.lastTime !== null && (cardTime === null || live.lastTime > cardTime);
  if (!newer) return live.state === card.state ? card : { ...card, state: live.state };
  const gcj = live.lng === null || live.lat === null ? null : wgsToDatum(live.lng, live.lat, 'gcj02');
  return {
    ...card,
    state: live.state,
    lng: live.lng,
    lat: live.lat,
    gaodeLng: gcj?.[0] ?? null,
    gaodeLat: gcj?.[1] ?? null,
    speed: live.speed,
    direction: live.direction,
    lastTime: formatTime(live.lastTime!),
  };
}
