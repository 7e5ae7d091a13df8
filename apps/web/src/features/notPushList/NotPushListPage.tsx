import { PlusOutlined } from '@ant-design/icons';
import { NotStatisticsListQuery, type WarningNotPushEntity } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { AddNotPushDialog } from './AddNotPushDialog';
import { notPushColumns } from './notPushColumns';
import { NotPushFilterForm } from './NotPushFilterForm';
import { filtersFromQuery, filtersToQuery } from './notPushFilters';
import { allowDevices, fetchNotPushPage, NOT_PUSH_KEY } from './notPushList.queries';
import './notPushList.css';

/**
 * 不推送设备 (风险管理, beside 预警推送配置): the devices and warning types whose warnings are recorded
 * but not pushed (getDeviceNotStatisticsList); the detail's 不推送 box and 添加 here put them on it,
 * 移除 (one or the selected) takes them off.
 */
export function NotPushListPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const canEdit = user.permissions.includes('warning:handle');
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<WarningNotPushEntity[]>([]);
  const columns = useMemo(() => notPushColumns(t, lang, canEdit), [t, lang, canEdit]);
  const removeSelected = useMutation({
    mutationFn: () => allowDevices(selected.map((r) => ({ deviceNumber: r.deviceNumber, warningType: r.warningType }))),
    onSuccess: (count) => void message.success(t('notPush.removedCount', { count })),
    // Some may be removed before a refusal: the list shows what is left either way.
    onSettled: () => {
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: [NOT_PUSH_KEY] });
    },
  });

  return (
    <>
      <ListScreen
        id={NOT_PUSH_KEY}
        title={t('notPush.title')}
        schema={NotStatisticsListQuery}
        fetchPage={fetchNotPushPage}
        toForm={filtersFromQuery}
        fromForm={filtersToQuery}
        filters={(props) => <NotPushFilterForm {...props} />}
        columns={columns}
        rowKey="id"
        table={{
          emptyText: t(canEdit ? 'notPush.emptyEditor' : 'notPush.emptyReader'),
          rowSelection: canEdit ? { selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => setSelected(rows), preserveSelectedRowKeys: false } : undefined,
        }}
        actions={
          canEdit && (
            <>
              <Popconfirm
                title={t('notPush.removeTitle')}
                description={t('notPush.removeSelectedConfirm', { count: selected.length })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                disabled={selected.length === 0}
                onConfirm={() => removeSelected.mutateAsync()}
              >
                <Button danger disabled={selected.length === 0} loading={removeSelected.isPending}>
                  {t('notPush.removeSelected', { count: selected.length })}
                </Button>
              </Popconfirm>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('notPush.add')}
              </Button>
            </>
          )
        }
      />
      <AddNotPushDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
