import { Alert, Button, Modal, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import './users.css';

export type ShownPassword = { username: string; password: string };
type Props = { shown: ShownPassword | null; onClose: () => void };

/**
 * A generated password, shown this once: closed only by its button (not by a click beside it or Esc),
 * so the administrator does not lose it before copying it.
 */
export function PasswordShownOnceDialog({ shown, onClose }: Props) {
  const { t } = useI18n();
  return (
    <Modal
      open={shown !== null}
      title={t('users.shownTitle')}
      onCancel={onClose}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={<Button type="primary" onClick={onClose}>{t('users.done')}</Button>}
      destroyOnHidden
    >
      {shown && (
        <>
          <Alert type="warning" showIcon title={t('users.shownWarning')} style={{ marginBottom: 16 }} />
          <Typography.Text type="secondary">{t('users.shownUser')}</Typography.Text>
          <Typography.Paragraph strong>{shown.username}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('users.shownPassword')}</Typography.Text>
          <Typography.Paragraph className="user-password-value" code copyable={{ text: shown.password, tooltips: [t('users.copy'), t('users.copied')] }}>
            {shown.password}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
