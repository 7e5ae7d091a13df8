import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import type { FenceBoundCar, FenceItem } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { DeviceKindTag } from '../../components/StatusTags';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { BindDevicesDialog } from './BindDevicesDialog';
import { boundCarsQuery, FENCES_KEY, unbindDevices } from './fences.queries';

type Props = {
  fence: FenceItem | null;
  /** Holds fence:edit: may bind and unbind (shared fences included). */
  canEdit: boolean;
  onClose: () => void;
};

function BoundCars({ fence, canEdit }: { fence: FenceItem; canEdit: boolean }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cars = useQuery(boundCarsQuery(fence.id));
  const [selected, setSelected] = useState<string[]>([]);
  const [bindOpen, setBindOpen] = useState(false);
  const unbind = useMutation({
    mutationFn: (deviceNumbers: string[]) => unbindDevices({ fenceId: fence.id, deviceNumbers }),
    onSuccess: (r, asked) => {
      void message.success(t('fence.unbindDone', { count: r.changed }));
      setSelected((s) => s.filter((n) => !asked.includes(n)));
      void queryClient.invalidateQueries({ queryKey: [FENCES_KEY] });
    },
  });

  const columns: ColumnsType<FenceBoundCar> = [
    { key: 'deviceNumber', dataIndex: 'deviceNumber', title: t('device.deviceNumber'), width: 140, fixed: 'left' },
    { key: 'deviceKind', dataIndex: 'deviceKind', title: t('device.kindColumn'), width: 70, render: (k: FenceBoundCar['deviceKind']) => <DeviceKindTag kind={k} /> },
    { key: 'plateNumber', dataIndex: 'plateNumber', title: t('device.plateNumber'), width: 100, render: orDash },
    { key: 'carFrameNumber', dataIndex: 'carFrameNumber', title: t('device.carFrameNumber'), width: 170, ellipsis: true, render: orDash },
    { key: 'customerName', dataIndex: 'customerName', title: t('device.customerName'), width: 90, ellipsis: true, render: orDash },
    { key: 'bindTime', dataIndex: 'bindTime', title: t('fence.bindTime'), width: 160 },
  ];
  if (canEdit) {
    columns.push({
      key: 'action',
      title: t('common.action'),
      width: 70,
      fixed: 'right',
      render: (_, car) => (
        <Popconfirm title={t('fence.unbindConfirm', { deviceNumber: car.deviceNumber })} onConfirm={() => unbind.mutate([car.deviceNumber])}>
          <Button type="link" size="small" danger>
            {t('fence.unbind')}
          </Button>
        </Popconfirm>
      ),
    });
  }
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);

  return (
    <>
      <div className="fence-bound-toolbar">
        <Typography.Text type="secondary">{t('fence.boundTotal', { count: cars.data?.count ?? 0 })}</Typography.Text>
        {canEdit && (
          <Space>
            <Popconfirm
              title={t('fence.unbindManyConfirm', { count: selected.length })}
              disabled={selected.length === 0}
              onConfirm={() => unbind.mutate(selected)}
            >
              <Button icon={<DisconnectOutlined />} danger disabled={selected.length === 0} loading={unbind.isPending && selected.length > 1}>
                {selected.length > 0 ? t('fence.unbindSelected', { count: selected.length }) : t('fence.unbindMany')}
              </Button>
            </Popconfirm>
            <Button type="primary" icon={<LinkOutlined />} onClick={() => setBindOpen(true)}>
              {t('fence.bindOpen')}
            </Button>
          </Space>
        )}
      </div>
      <Table<FenceBoundCar>
        rowKey="deviceNumber"
        size="small"
        bordered
        columns={columns}
        dataSource={cars.data?.list}
        loading={cars.isFetching}
        scroll={{ x: width }}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEdit ? t('fence.boundEmptyCanBind') : t('fence.boundEmpty')} /> }}
      />
      {canEdit && <BindDevicesDialog fence={fence} open={bindOpen} onClose={() => setBindOpen(false)} />}
    </>
  );
}

/** 绑定车辆: the cars whose devices a fence watches, with 绑定设备 and 解绑 for those who may edit. */
export function BoundCarsDrawer({ fence, canEdit, onClose }: Props) {
  const { t } = useI18n();
  const isMobile = useIsMobile();
  // Keeps showing the last fence while the drawer slides shut.
  const [shown, setShown] = useState(fence);
  if (fence && fence !== shown) setShown(fence);
  return (
    <Drawer
      title={shown ? t('fence.boundTitle', { name: shown.name }) : undefined}
      open={fence !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 900}
      destroyOnHidden
    >
      {shown && <BoundCars key={shown.id} fence={shown} canEdit={canEdit} />}
    </Drawer>
  );
}
