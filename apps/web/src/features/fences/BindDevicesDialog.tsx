import { LinkOutlined } from '@ant-design/icons';
import type { FenceBindResult, FenceItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';
import { pasteProblem, splitDeviceNumbers, type PasteProblem } from '../../lib/pastedNumbers';
import { bindDevices, FENCES_KEY } from './fences.queries';

type Props = { fence: FenceItem; open: boolean; onClose: () => void };

function problemText(p: PasteProblem, t: Translate): string {
  if (p.kind === 'empty') return t('fence.bindEmpty');
  if (p.kind === 'tooMany') return t('fence.bindTooMany', { count: p.count });
  return t('batch.tooLong', { number: p.number });
}

/**
 * 绑定设备: paste or type device numbers. Numbers the server could not bind (unknown, or outside the
 * operator's scope) stay in the box with a warning, so they can be corrected and sent again.
 */
export function BindDevicesDialog({ fence, open, onClose }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ numbers: string }>();
  const pasted = Form.useWatch('numbers', form) ?? '';
  const recognised = splitDeviceNumbers(pasted).length;
  const bind = useMutation({
    mutationFn: (deviceNumbers: string[]) => bindDevices({ fenceId: fence.id, deviceNumbers }),
    onSuccess: (r: FenceBindResult) => {
      void queryClient.invalidateQueries({ queryKey: [FENCES_KEY] });
      if (r.notFound.length === 0) {
        void message.success(t('fence.bindDone', { count: r.changed }));
        onClose();
      } else {
        form.setFieldsValue({ numbers: r.notFound.join('\n') });
      }
    },
  });
  const result = bind.data;

  return (
    <Modal
      title={t('fence.bindTitle', { name: fence.name })}
      open={open}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
      afterClose={() => bind.reset()}
    >
      <Form form={form} layout="vertical" onFinish={({ numbers }) => bind.mutate(splitDeviceNumbers(numbers ?? ''))}>
        {result && result.notFound.length > 0 && (
          <Alert
            className="fence-bind-result"
            type="warning"
            showIcon
            title={t('fence.bindPartial', { changed: result.changed, missing: result.notFound.length })}
            description={
              <Typography.Paragraph className="fence-bind-missing" copyable={{ text: result.notFound.join('\n') }}>
                {t('fence.bindNotFound')}
                {result.notFound.join(lang === 'zh' ? '，' : ', ')}
              </Typography.Paragraph>
            }
          />
        )}
        <Form.Item
          name="numbers"
          label={t('fence.bindNumbers')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const problem = pasteProblem(splitDeviceNumbers(value ?? ''));
                if (problem) throw new Error(problemText(problem, t));
              },
            },
          ]}
        >
          <Input.TextArea rows={6} placeholder={t('fence.bindPlaceholder')} autoFocus />
        </Form.Item>
        <div className="fence-bind-actions">
          <Typography.Text type="secondary">{recognised > 0 && t('batch.recognised', { count: recognised })}</Typography.Text>
          <Button onClick={onClose}>{t('fence.close')}</Button>
          <Button type="primary" htmlType="submit" icon={<LinkOutlined />} loading={bind.isPending}>
            {t('fence.bind')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
