import { useQuery } from '@tanstack/react-query';
import { RelayTag } from '../../components/device/RelayTag';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { relayQuery } from './monitoring.queries';

/** 油电状态 on the device card, only for a model that can be immobilised (has a mapping); otherwise nothing. */
export function RelayLine({ deviceNumber }: { deviceNumber: string }) {
  const { t } = useI18n();
  const relay = useQuery(relayQuery(deviceNumber));
  if (!relay.data || relay.data.method === null) return null;
  return (
    <div className="monitor-card-relay">
      <span className="monitor-muted">{t('relay.line')}</span> <RelayTag relay={relay.data.relay} />
    </div>
  );
}
