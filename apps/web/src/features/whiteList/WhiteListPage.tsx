import { PlusOutlined } from '@ant-design/icons';
import { RISK_SETTINGS_APPLY_WITHIN_MS, WhiteListQuery } from '@cvrisk/contracts';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { AddWhiteListDialog } from './AddWhiteListDialog';
import { whiteListColumns } from './whiteListColumns';
import { WhiteListFilterForm } from './WhiteListFilterForm';
import { filtersFromQuery, filtersToQuery } from './whiteListFilters';
import { fetchWhiteListPage, WHITE_LIST_KEY } from './whiteList.queries';
import './whiteList.css';

/** 预警客户白名单 (风险管理): customers who get no new warnings until their listing expires. */
export function WhiteListPage() {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const canEdit = user.permissions.includes('config:edit');
  const [adding, setAdding] = useState(false);
  const columns = useMemo(() => whiteListColumns(t, lang, canEdit), [t, lang, canEdit]);

  return (
    <>
      <ListScreen
        id={WHITE_LIST_KEY}
        title={t('riskAdmin.whiteTitle')}
        schema={WhiteListQuery}
        fetchPage={fetchWhiteListPage}
        toForm={filtersFromQuery}
        fromForm={filtersToQuery}
        filters={(props) => <WhiteListFilterForm {...props} />}
        columns={columns}
        rowKey="id"
        table={{ emptyText: t(canEdit ? 'riskAdmin.whiteEmptyEditor' : 'riskAdmin.whiteEmptyReader') }}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('riskAdmin.add')}
            </Button>
          )
        }
      />
      <AddWhiteListDialog open={adding} onClose={() => setAdding(false)} appliesMinutes={RISK_SETTINGS_APPLY_WITHIN_MS / 60_000} />
    </>
  );
}
