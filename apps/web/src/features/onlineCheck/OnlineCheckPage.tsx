import { AimOutlined } from '@ant-design/icons';
import { ONLINE_CHECK_BATCH_MAX, OnlineCheckQuery, type OnlineCheckSelection, type OnlineCheckPage as CheckPage } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { listPageQuery, ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useListQuery } from '../../lib/useListQuery';
import { usePhone } from '../../lib/usePhone';
import { onlineCheckColumns } from './onlineCheckColumns';
import { filtersFromQuery, filtersToQuery, OnlineCheckFilters } from './OnlineCheckFilters';
import { fetchOnlineCheckPage, LIST_ID } from './onlineCheck.queries';
import { OnlineCheckSummary } from './OnlineCheckSummary';
import { PositionQueriesProvider, usePositionQueries } from './PositionQueries';
import './onlineCheck.css';

/** 查询全部在线设备位置, confirmed first with the count that will be asked. */
function QueryAllButton({ selection, online }: { selection: OnlineCheckSelection; online: number }) {
  const { t } = useI18n();
  const queries = usePositionQueries();
  return (
    <Popconfirm
      title={t('onlineCheck.queryAllConfirm', { count: online })}
      description={<div className="online-check-confirm">{t('onlineCheck.queryAllDetail', { max: ONLINE_CHECK_BATCH_MAX })}</div>}
      onConfirm={() => queries.queryAll(selection)}
      disabled={online === 0}
    >
      <Button icon={<AimOutlined />} loading={queries.sendingAll} disabled={online === 0} title={online === 0 ? t('onlineCheck.noneOnline') : undefined}>
        {t('onlineCheck.queryAll')}
      </Button>
    </Popconfirm>
  );
}

/** 在线抽查: whether the chosen devices are online, where they last were, and a position query to the online ones. */
export function OnlineCheckPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const canQuery = user.permissions.includes('device:command');
  const { query } = useListQuery(OnlineCheckQuery);
  // The same cache entry the list screen fills; listPageQuery types it as a bare page, but it holds the
  // whole reply, summary and missing numbers included.
  const page = useQuery(listPageQuery(LIST_ID, fetchOnlineCheckPage, query));
  const data = page.data as CheckPage | undefined;
  const phone = usePhone();
  const columns = useMemo(() => onlineCheckColumns(t, canQuery, phone), [t, canQuery, phone]);
  const { pageNumber: _page, pageSize: _size, ...selection } = query;

  return (
    <PositionQueriesProvider>
      <ListScreen
        id={LIST_ID}
        title={t('onlineCheck.title')}
        schema={OnlineCheckQuery}
        fetchPage={fetchOnlineCheckPage}
        toForm={filtersFromQuery}
        fromForm={filtersToQuery}
        filters={(props) => <OnlineCheckFilters {...props} />}
        summary={() => <OnlineCheckSummary data={data} loading={page.isFetching} />}
        columns={columns}
        rowKey="id"
        actions={canQuery && <QueryAllButton selection={selection} online={data?.summary.online ?? 0} />}
      />
    </PositionQueriesProvider>
  );
}
