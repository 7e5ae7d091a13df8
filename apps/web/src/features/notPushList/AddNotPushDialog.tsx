import type { WarningTypeCode } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { excludeDevice, NOT_PUSH_KEY } from './notPushList.queries';
import { WarningTypeSelect } from './WarningTypeSelect';

type Values = { deviceNumber?: string; warningType?: WarningTypeCode };

/** 添加: a device number and a warning type whose warnings are recorded but no longer pushed. */
export function AddNotPushDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) => excludeDevice({ deviceNumber: v.deviceNumber!.trim(), warningType: v.warningType! }),
    onSuccess: (msg) => {
      void message.success(msg);
      void queryClient.invalidateQueries({ queryKey: [NOT_PUSH_KEY] });
      onClose();
    },
  });

  return (
    <Modal
      title={t('notPush.addTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('notPush.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={480}
      destroyOnHidden
      afterClose={() => save.reset()}
    >
      <Alert type="info" showIcon className="not-push-notice" title={t('notPush.notice')} />
      <Form form={form} name="notPushAdd" layout="vertical" onFinish={(v) => save.mutate(v)} preserve={false}>
        <Form.Item name="deviceNumber" label={t('notPush.deviceNumber')} rules={[{ required: true, whitespace: true, message: t('notPush.deviceRequired') }]}>
          <Input placeholder={t('common.placeholderInput')} maxLength={32} autoFocus />
        </Form.Item>
        <Form.Item name="warningType" label={t('notPush.warningType')} rules={[{ required: true, message: t('notPush.typeRequired') }]}>
          <WarningTypeSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
