import { PlusOutlined } from '@ant-design/icons';
import { ALARM_TYPES, type AlarmMappingItem } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { formatAlarmCode } from './alarmCode';
import { AlarmMappingDialog } from './AlarmMappingDialog';
import { ALARM_MAPPING_KEY, alarmMappingQuery, deleteAlarmMapping } from './alarmMapping.queries';

/**
 * 设备报警映射: per terminal model, which reserved alarm bit or additional item means which alarm.
 * Every user administrator reads it; only the platform's may change it (the reply says `editable`).
 */
export function AlarmMappingPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const mapping = useQuery(alarmMappingQuery());
  const editable = mapping.data?.editable ?? false;
  const [dialog, setDialog] = useState<{ editing: AlarmMappingItem | null } | null>(null);

  const remove = useMutation({
    mutationFn: deleteAlarmMapping,
    onSuccess: ({ msg }) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [ALARM_MAPPING_KEY] });
    },
  });

  const columns: TableColumnsType<AlarmMappingItem> = [
    { title: t('alarmMapping.model'), dataIndex: 'model', width: 160, ellipsis: true, fixed: 'left' },
    {
      title: t('alarmMapping.source'), dataIndex: 'source', width: 120,
      render: (_, r) => <Tag color={r.source === 'item' ? 'purple' : 'blue'}>{t(`alarmMapping.source.${r.source}`)}</Tag>,
    },
    { title: t('alarmMapping.code'), dataIndex: 'code', width: 90, align: 'right', render: (_, r) => <code>{formatAlarmCode(r.source, r.code)}</code> },
    { title: t('alarmMapping.alarmType'), dataIndex: 'alarmType', width: 140, render: (_, r) => ALARM_TYPES[r.alarmType]?.[lang] ?? r.alarmTypeName },
    { title: t('alarmMapping.updatedAt'), dataIndex: 'updatedAt', width: 170 },
    ...(editable
      ? [
          {
            title: t('alarmMapping.actions'), key: 'actions', width: 104, fixed: 'right' as const,
            render: (_: unknown, r: AlarmMappingItem) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setDialog({ editing: r })}>{t('alarmMapping.editRow')}</Button>
                <Popconfirm title={t('alarmMapping.deleteConfirm', { model: r.model })} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(r.id)}>
                  <Button type="link" danger size="small" loading={remove.isPending && remove.variables === r.id}>{t('alarmMapping.delete')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space className="alarm-mapping" direction="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('alarmMapping.intro')} />
      {mapping.data && !editable && <Alert type="warning" showIcon message={t('alarmMapping.readOnly')} />}
      <Card
        size="small"
        title={t('alarmMapping.title')}
        extra={editable && <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>{t('alarmMapping.add')}</Button>}
      >
        <Table<AlarmMappingItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={mapping.data?.list ?? []}
          loading={mapping.isPending}
          scroll={{ x: 810 }}
          pagination={false}
          locale={{ emptyText: t('alarmMapping.empty') }}
        />
      </Card>
      {editable && <AlarmMappingDialog open={dialog !== null} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} />}
    </Space>
  );
}
