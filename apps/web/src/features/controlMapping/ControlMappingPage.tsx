import { PlusOutlined } from '@ant-design/icons';
import { CONTROL_METHOD_LABELS, type ControlMappingItem } from '@cvrisk/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { ListCards } from '../../components/ListCards';
import type { ListColumn } from '../../components/ListTable';
import '../../components/list.css';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { usePhone } from '../../lib/usePhone';
import { formatControlCode } from './controlCode';
import { ControlMappingDialog } from './ControlMappingDialog';
import { controlMappingQuery, deleteControlMapping } from './controlMapping.queries';

const METHOD_COLORS = { terminalControl: 'blue', vehicleControl: 'purple', text: 'cyan' } as const;

/** What a row sends: a control word in hex for 0x8105/0x8500, the text itself for 0x8300. */
function Command({ code, text }: { code: number | null; text: string | null }) {
  if (code !== null) return <code>{formatControlCode(code)}</code>;
  return text === null ? <>-</> : <code>{text}</code>;
}

/**
 * 断油断电指令映射: per device model, how it is told to cut fuel and power and to restore them. Every
 * user administrator reads it and the models in their scope that cannot be immobilised; only the
 * platform's may change it (the reply says `editable`).
 */
export function ControlMappingPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const mapping = useQuery(controlMappingQuery());
  const editable = mapping.data?.editable ?? false;
  const unmapped = mapping.data?.unmappedModels ?? [];
  const [dialog, setDialog] = useState<{ editing: ControlMappingItem | null } | null>(null);
  const phone = usePhone();

  const remove = useMutation({ mutationFn: deleteControlMapping, onSuccess: (msg) => void message.success(msg) });

  const columns: ListColumn<ControlMappingItem>[] = [
    { key: 'model', title: t('controlMapping.model'), dataIndex: 'model', width: 150, ellipsis: true, fixed: 'left' },
    {
      key: 'method', title: t('controlMapping.method'), dataIndex: 'method', width: 170, card: 'extra',
      render: (_, r) => <Tag color={METHOD_COLORS[r.method]}>{CONTROL_METHOD_LABELS[r.method][lang]}</Tag>,
    },
    { key: 'cut', title: t('controlMapping.cut'), width: 130, render: (_, r) => <Command code={r.cutCode} text={r.cutText} /> },
    { key: 'restore', title: t('controlMapping.restore'), width: 130, render: (_, r) => <Command code={r.restoreCode} text={r.restoreText} /> },
    {
      key: 'controlTypeId', title: t('controlMapping.controlTypeId'), dataIndex: 'controlTypeId', width: 120, card: 'ifSet',
      render: (_, r) => (r.controlTypeId === null ? '-' : <code>{formatControlCode(r.controlTypeId, 4)}</code>),
    },
    { key: 'deviceCount', title: t('controlMapping.deviceCount'), dataIndex: 'deviceCount', width: 90, align: 'right' },
    { key: 'updatedAt', title: t('controlMapping.updatedAt'), dataIndex: 'updatedAt', width: 170 },
    ...(editable
      ? [
          {
            key: 'actions', title: t('controlMapping.actions'), width: 110, fixed: 'right' as const,
            render: (_: unknown, r: ControlMappingItem) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setDialog({ editing: r })}>{t('controlMapping.editRow')}</Button>
                <Popconfirm title={t('controlMapping.deleteConfirm', { model: r.model, count: r.deviceCount })} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(r.model)}>
                  <Button type="link" danger size="small" loading={remove.isPending && remove.variables === r.model}>{t('controlMapping.delete')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];
  const rows = mapping.data?.list;

  return (
    <Space className="control-mapping" orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('controlMapping.intro')} />
      {mapping.data && !editable && <Alert type="warning" showIcon title={t('controlMapping.readOnly')} />}
      {unmapped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('controlMapping.unmapped')}
          description={<Space size={[4, 4]} wrap>{unmapped.map((m) => <Tag key={m}>{m}</Tag>)}</Space>}
        />
      )}
      <Card
        size="small"
        title={t('controlMapping.title')}
        extra={editable && <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>{t('controlMapping.add')}</Button>}
      >
        {/* The list is not paged: on a phone the cards' pager only counts the models. */}
        {phone ? (
          <ListCards
            rowKey="model"
            columns={columns}
            rows={rows}
            total={rows?.length ?? 0}
            loading={mapping.isFetching}
            pageNumber={1}
            pageSize={Math.max(rows?.length ?? 0, 1)}
            onPage={() => undefined}
            emptyText={t('controlMapping.empty')}
          />
        ) : (
          <Table<ControlMappingItem>
            rowKey="model"
            size="small"
            columns={columns}
            dataSource={rows ?? []}
            loading={mapping.isPending}
            scroll={{ x: 1070 }}
            pagination={false}
            locale={{ emptyText: t('controlMapping.empty') }}
          />
        )}
      </Card>
      {editable && <ControlMappingDialog open={dialog !== null} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} />}
    </Space>
  );
}
