import type { IntegrationCreated } from '@cvrisk/contracts';
import { Alert, Button, Modal, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';

type Props = { created: IntegrationCreated | null; onClose: () => void };

/**
 * The new key, shown this once: closed only by the button (not by a click beside it), so the operator
 * does not lose it by accident before copying it.
 */
export function KeyShownOnceDialog({ created, onClose }: Props) {
  const { t } = useI18n();
  return (
    <Modal
      open={created !== null}
      title={t('integrationKeys.createdTitle')}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      footer={<Button type="primary" onClick={onClose}>{t('integrationKeys.done')}</Button>}
      destroyOnHidden
    >
      {created && (
        <>
          <Alert type="warning" showIcon message={t('integrationKeys.createdWarning')} style={{ marginBottom: 16 }} />
          <Typography.Text type="secondary">{t('integrationKeys.name')}</Typography.Text>
          <Typography.Paragraph strong>{created.name}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('integrationKeys.key')}</Typography.Text>
          <Typography.Paragraph className="integration-key-value" code copyable={{ text: created.apiKey, tooltips: [t('integrationKeys.copy'), t('integrationKeys.copied')] }}>
            {created.apiKey}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
