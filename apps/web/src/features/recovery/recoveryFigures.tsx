import { AimOutlined, CarOutlined, CheckCircleOutlined } from '@ant-design/icons';
import type { RecoverySummary } from '@cvrisk/contracts';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../lib/i18n/translate';

type Figure = { key: keyof RecoverySummary; title: MessageKey; icon: ReactNode; color: string; unit: MessageKey };

/** What a manager watches of the chase: how many run, how many cars were found in a day, how many came back this month. */
export const RECOVERY_FIGURES: readonly Figure[] = [
  { key: 'open', title: 'recovery.figure.open', icon: <AimOutlined />, color: '#cf1322', unit: 'recovery.unit.case' },
  { key: 'foundLast24h', title: 'recovery.figure.found24h', icon: <CarOutlined />, color: '#d48806', unit: 'recovery.unit.case' },
  { key: 'recoveredThisMonth', title: 'recovery.figure.recoveredMonth', icon: <CheckCircleOutlined />, color: '#389e0d', unit: 'home.unit.car' },
];
