import { RELAY_STATE_LABELS, type RelayState } from '@cvrisk/contracts';
import { Tag } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** The relay as the terminal last reported it: red when fuel and power are cut, green once restored. */
export function RelayTag({ relay }: { relay: RelayState }) {
  const { lang } = useI18n();
  return <Tag color={relay === 'cut' ? 'red' : 'green'}>{RELAY_STATE_LABELS[relay][lang]}</Tag>;
}
