import type { StockItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { refreshStock, transferStock } from './deviceStock.queries';
import { SelectedDevices } from './SelectedDevices';

type Props = { devices: StockItem[]; onClose: () => void; onDone: () => void };

/** 调拨: the selected devices in stock to another finance institution or dealer; the server refuses any not in stock, naming them. */
export function StockTransferDialog({ devices, onClose, onDone }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ deptId?: number }>();
  const transfer = useMutation({
    mutationFn: (deptId: number) => transferStock(devices.map((d) => d.id), deptId),
    onSuccess: ({ msg }) => {
      void message.success(msg);
      void refreshStock(client);
      onDone();
    },
  });

  return (
    <Modal open title={t('deviceStock.transferTitle')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={transfer.isPending} destroyOnHidden>
      <SelectedDevices devices={devices} />
      <Form form={form} name="stockTransfer" layout="vertical" onFinish={(v) => transfer.mutate(v.deptId!)} style={{ marginTop: 12 }}>
        <Form.Item name="deptId" label={t('deviceStock.transferTo')} rules={[{ required: true, message: t('deviceStock.transferToRequired') }]}>
          <DeptTreeSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
