import type { DeviceListItem } from '@cvrisk/contracts';
import type { ListColumn } from '../ListTable';
import type { Translate } from '../../lib/i18n/translate';
import { InvalidPositions, RegistrationTag } from './TerminalCells';

/** The terminal's registration and refused fixes: on every device screen. */
export function terminalColumns(t: Translate): ListColumn<DeviceListItem>[] {
  return [
    { key: 'registeredAt', dataIndex: 'registeredAt', title: t('terminal.registration'), width: 112, align: 'center', render: (_, r) => <RegistrationTag device={r} /> },
    { key: 'invalidPositions', dataIndex: 'invalidPositions', title: t('terminal.invalidPositions'), width: 96, align: 'right', render: (_, r) => <InvalidPositions device={r} /> },
  ];
}
