import { RECOVERY_LIMITS, type FieldLinkCreated } from '@cvrisk/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { createFieldLink } from './recovery.queries';

type Values = { label: string; hours: number };

/** The field page's address: the console's own, with the public route and the token. */
export const fieldLinkUrl = (token: string) => `${window.location.origin}${window.location.pathname}#/field/${token}`;

/**
 * A link for a field team's phone. Only the token's hash is stored, so its address is shown here once,
 * with a copy button, and never again: closing the dialog forgets it.
 */
export function FieldLinkDialog({ caseId, onClose }: { caseId: number; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const [created, setCreated] = useState<FieldLinkCreated | null>(null);
  const create = useMutation({
    mutationFn: (v: Values) => createFieldLink({ caseId, label: v.label.trim(), hours: v.hours }),
    onSuccess: setCreated,
  });

  if (created) {
    const url = fieldLinkUrl(created.token);
    return (
      <Modal open title={t('recoveryCase.linkCreated')} onCancel={onClose} onOk={onClose} okText={t('recoveryCase.linkDone')} cancelButtonProps={{ hidden: true }} destroyOnHidden>
        <Alert type="warning" showIcon title={t('recoveryCase.linkOnce')} className="rc-link-once" />
        <Typography.Paragraph copyable={{ text: url, tooltips: [t('recoveryCase.linkCopy'), t('recoveryCase.linkCopied')] }} className="rc-link-url">
          {url}
        </Typography.Paragraph>
        <div className="rc-muted">{t('recoveryCase.linkExpires', { label: created.label, time: created.expiresAt })}</div>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('recoveryCase.linkCreate')}
      okText={t('recoveryCase.linkCreateOk')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ hours: RECOVERY_LIMITS.linkDefaultHours }} onFinish={(v) => create.mutate(v)}>
        <Form.Item
          name="label"
          label={t('recoveryCase.linkLabel')}
          extra={t('recoveryCase.linkLabelHelp')}
          rules={[{ required: true, whitespace: true, message: t('recoveryCase.linkLabelRequired') }]}
        >
          <Input maxLength={RECOVERY_LIMITS.linkLabelMax} />
        </Form.Item>
        <Form.Item
          name="hours"
          label={t('recoveryCase.linkHours')}
          extra={t('recoveryCase.linkHoursHelp', { max: RECOVERY_LIMITS.linkMaxHours })}
          rules={[{ required: true, type: 'integer', min: 1, max: RECOVERY_LIMITS.linkMaxHours, message: t('recoveryCase.linkHoursRange', { max: RECOVERY_LIMITS.linkMaxHours }) }]}
        >
          <InputNumber min={1} max={RECOVERY_LIMITS.linkMaxHours} precision={0} suffix={t('recoveryCase.hoursUnit')} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
