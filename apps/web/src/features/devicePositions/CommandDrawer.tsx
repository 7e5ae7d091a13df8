import type { DevicePositionItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Typography } from 'antd';
import { useState } from 'react';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CommandForm } from './CommandForm';
import { CommandHistory } from './CommandHistory';
import { deviceLatestQuery } from './positions.queries';
import { PositionSummary } from './PositionSummary';

type Props = { device: DevicePositionItem | null; onClose: () => void };

function DrawerBody({ device }: { device: DevicePositionItem }) {
  const { t } = useI18n();
  // The row the operator clicked is shown at once; a position query's answer then moves it on.
  const latest = useQuery({ ...deviceLatestQuery(device.deviceNumber), placeholderData: device });
  const current = latest.data ?? device;
  return (
    <div className="command-drawer">
      <section>
        <Typography.Title level={5}>{t('command.latest')}</Typography.Title>
        <PositionSummary device={current} />
      </section>
      <section>
        <Typography.Title level={5}>{t('command.sendTitle')}</Typography.Title>
        <CommandForm device={current} />
      </section>
      <section>
        <div className="command-history-head">
          <Typography.Title level={5}>{t('command.history')}</Typography.Title>
          <Typography.Text type="secondary">{t('command.historyLive')}</Typography.Text>
        </div>
        <CommandHistory deviceNumber={device.deviceNumber} />
      </section>
    </div>
  );
}

/** 指令: one device's position, a command to send, and what became of the last ones. Polls only while open. */
export function CommandDrawer({ device, onClose }: Props) {
  const { t } = useI18n();
  const isMobile = useIsMobile();
  // Keeps showing the last device while the drawer slides shut.
  const [shown, setShown] = useState(device);
  if (device && device !== shown) setShown(device);
  return (
    <Drawer
      title={shown ? t('command.title', { deviceNumber: shown.deviceNumber }) : undefined}
      open={device !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 720}
      destroyOnHidden
    >
      {shown && <DrawerBody key={shown.deviceNumber} device={shown} />}
    </Drawer>
  );
}
