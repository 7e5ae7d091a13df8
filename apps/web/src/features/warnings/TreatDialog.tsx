import { Codes, DEAL_DESCRIPTION_MAX, DEAL_DESCRIPTION_MIN, warningTypeName } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import { ApiError } from '../../api/envelope';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';
import { withPhrase } from './handlingPhrases.queries';
import { HandlingPhrases } from './HandlingPhrases';
import { refreshWarningViews, treatWarnings, type TreatMode, type TreatTarget } from './warnings.queries';

export type { TreatMode, TreatTarget };

type Props = {
  open: boolean;
  target: TreatTarget;
  /** unify: this warning and the earlier unhandled ones of its device and type; single: this one; batch: the chosen ids. */
  mode: TreatMode;
  onClose: () => void;
  /** After a successful handling, with the server's message (already toasted). */
  onDone?: (msg: string) => void;
  /** Administrators may edit the common phrases from here (of the warning's institution, or any for platform administrators). */
  canEditPhrases?: boolean;
};

type Values = { dealDescription?: string };

/** The precise complaint about a handling text, or null when it is acceptable. Counts the trimmed text, as the server does. */
export function dealDescriptionError(text: string | undefined, t: Translate): string | null {
  const count = [...(text ?? '').trim()].length;
  if (count === 0) return t('warnings.dealRequired');
  if (count < DEAL_DESCRIPTION_MIN) return t('warnings.dealTooShort', { min: DEAL_DESCRIPTION_MIN, count });
  if (count > DEAL_DESCRIPTION_MAX) return t('warnings.dealTooLong', { max: DEAL_DESCRIPTION_MAX, count });
  return null;
}

/**
 * 处理预警: the handling text (3–100 characters) for one warning, its device's earlier ones of the
 * same type, or a chosen batch, typed or picked from the types' common phrases. Ctrl/⌘+Enter submits. A 409 (someone was faster) shows the server's
 * words, refreshes every warning view and closes: there is nothing left to handle.
 */
export function TreatDialog({ open, target, mode, onClose, onDone, canEditPhrases = false }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const treat = useMutation({
    mutationFn: (v: Values) => treatWarnings(mode, target, (v.dealDescription ?? '').trim()),
    onSuccess: (msg) => {
      void message.success(msg);
      void refreshWarningViews(client);
      onDone?.(msg);
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === Codes.CONFLICT) {
        void message.error(e.message);
        void refreshWarningViews(client);
        onClose();
      }
    },
  });

  const count = 'ids' in target ? target.ids.length : 1;
  const hint = mode === 'batch' ? t('warnings.treatBatchHint', { count }) : t(mode === 'unify' ? 'warnings.treatUnifyHint' : 'warnings.treatSingleHint');
  const typeName = 'ids' in target ? null : warningTypeName(target.warningType, lang);
  const failed = treat.error instanceof ApiError && treat.error.code !== Codes.CONFLICT ? treat.error.message : null;

  const types = 'ids' in target ? (target.warningTypes ?? []) : [target.warningType];
  // A phrase fills an empty text or is added after what was written; the text stays editable.
  const pick = (phrase: string) => {
    const next = withPhrase(form.getFieldValue('dealDescription') as string | undefined, phrase);
    if ([...next].length > DEAL_DESCRIPTION_MAX) {
      void message.warning(t('warnings.phraseTooLong', { max: DEAL_DESCRIPTION_MAX }));
      return;
    }
    form.setFieldsValue({ dealDescription: next });
    void form.validateFields(['dealDescription']);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      form.submit();
    }
  };

  return (
    <Modal
      title={mode === 'batch' ? t('warnings.treatBatchTitle') : t('warnings.treatTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('warnings.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={treat.isPending}
      width={520}
      destroyOnHidden
      afterClose={() => treat.reset()}
    >
      {'ids' in target ? null : (
        <Typography.Paragraph strong className="treat-target">
          {t('warnings.treatTarget', { deviceNumber: target.deviceNumber, warningTypeName: typeName ?? '' })}
        </Typography.Paragraph>
      )}
      <Alert type="info" showIcon title={hint} className="treat-hint" />
      {failed && <Alert type="error" showIcon title={failed} className="treat-hint" />}
      <Form form={form} layout="vertical" onFinish={(v) => treat.mutate(v)} preserve={false}>
        <HandlingPhrases types={types} warningId={'ids' in target ? target.ids[0] : target.id} onPick={pick} canEdit={canEditPhrases} />
        <Form.Item
          name="dealDescription"
          label={t('warnings.dealDescription')}
          required
          extra={t('warnings.submitHint')}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const error = dealDescriptionError(value, t);
                return error ? Promise.reject(new Error(error)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={DEAL_DESCRIPTION_MAX}
            showCount
            placeholder={t('warnings.dealPlaceholder')}
            onKeyDown={onKeyDown}
            autoFocus
            aria-label={t('warnings.dealDescription')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
