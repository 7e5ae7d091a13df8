import { UnorderedListOutlined } from '@ant-design/icons';
import { DevLatestQuery, type DevicePositionItem } from '@cvrisk/contracts';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { FieldFilterForm } from '../../components/listFields';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { BatchQueryDialog } from './BatchQueryDialog';
import { CommandDrawer } from './CommandDrawer';
import { filtersFromQuery, filtersToQuery, POSITION_FIELDS, positionColumns } from './positionFields';
import { exportPositions, fetchPositionPage, LIST_REFRESH_MS } from './positions.queries';
import './positions.css';

/** 设备最新位置 (报表中心): where each device last was and how it was, most recent report first; a live screen. */
export function DevicePositionListPage() {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const canCommand = user.permissions.includes('device:command');
  const [commandFor, setCommandFor] = useState<DevicePositionItem | null>(null);
  const [batchOpen, setBatchOpen] = useState(false);
  const columns = useMemo(() => positionColumns(t, canCommand ? setCommandFor : undefined), [t, canCommand]);

  return (
    <>
      <ListScreen
        id="devicePositions"
        title={t('position.listTitle')}
        schema={DevLatestQuery}
        fetchPage={fetchPositionPage}
        toForm={filtersFromQuery}
        fromForm={filtersToQuery}
        filters={(props) => <FieldFilterForm fields={POSITION_FIELDS} labelWidth={lang === 'zh' ? 108 : 120} {...props} />}
        columns={columns}
        rowKey="id"
        exportFile={exportPositions}
        exportAllowed={user.permissions.includes('device:export')}
        actions={
          <Button icon={<UnorderedListOutlined />} onClick={() => setBatchOpen(true)}>
            {t('batch.open')}
          </Button>
        }
        autoRefreshMs={LIST_REFRESH_MS}
      />
      <BatchQueryDialog open={batchOpen} onClose={() => setBatchOpen(false)} columns={columns} />
      <CommandDrawer device={commandFor} onClose={() => setCommandFor(null)} />
    </>
  );
}
