import { WHITE_LIST_REASON_MAX, type WhiteListCustomer } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CustomerPicker } from './CustomerPicker';
import { saveWhiteList, WHITE_LIST_KEY } from './whiteList.queries';

type Values = { customerId?: number; expiry?: Dayjs | null; reason?: string };

type Props = { open: boolean; onClose: () => void; appliesMinutes: number };

/** A chosen expiry day ends at its last second, so "until the 30th" includes the 30th. */
export const expiryOf = (day: Dayjs | null | undefined): string | null => (day ? day.format('YYYY-MM-DD 23:59:59') : null);

/** 添加客户: the customer, an optional expiry day (today or later) and the reason. */
export function AddWhiteListDialog({ open, onClose, appliesMinutes }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [picked, setPicked] = useState<WhiteListCustomer>();
  const save = useMutation({
    mutationFn: (v: Values) => saveWhiteList({ customerId: v.customerId!, expiresAt: expiryOf(v.expiry), reason: v.reason!.trim() }),
    onSuccess: (msg) => {
      void message.success(msg);
      void queryClient.invalidateQueries({ queryKey: [WHITE_LIST_KEY] });
      onClose();
    },
  });

  return (
    <Modal
      title={t('riskAdmin.addTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('riskAdmin.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={600}
      destroyOnHidden
      afterClose={() => {
        setPicked(undefined);
        save.reset();
      }}
    >
      <Alert type="info" showIcon className="white-list-notice" title={t('riskAdmin.whiteNotice', { minutes: appliesMinutes })} />
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} preserve={false}>
        <Form.Item
          name="customerId"
          label={t('riskAdmin.customer')}
          rules={[{ required: true, message: t('riskAdmin.customerRequired') }]}
          extra={picked?.listed ? t('riskAdmin.listedHint') : undefined}
        >
          <CustomerPicker onPick={setPicked} />
        </Form.Item>
        <Form.Item name="expiry" label={t('riskAdmin.expiresAt')} extra={t('riskAdmin.expiryHint')}>
          <DatePicker className="full-width" disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} placeholder={t('riskAdmin.noExpiry')} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('riskAdmin.reason')}
          rules={[{ required: true, whitespace: true, message: t('riskAdmin.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={WHITE_LIST_REASON_MAX} showCount placeholder={t('riskAdmin.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
