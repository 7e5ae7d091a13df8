import { warningTypeName, type FeedWarning } from '@cvrisk/contracts';
import { Button, Descriptions, Modal, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { RiskLevelTag } from '../../../components/StatusTags';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { orDash } from '../../../lib/format';
import { warningDetailPath, warningListPath } from '../../../lib/warningLinks';

/** The top bar's dialogs open over any page, the map panels (z-index 1001) included. */
export const TOPBAR_MODAL_Z = 1100;

type Props = { warning: FeedWarning | null; onClose: () => void };

/** A ticker (or badge dialog) warning's fields, with the way to its detail and to its list. */
export function TickerDetailsDialog({ warning, onClose }: Props) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const go = (path: string) => {
    onClose();
    void navigate(path);
  };

  return (
    <Modal
      open={warning !== null}
      title={t('push.ticker.detailTitle')}
      onCancel={onClose}
      width={560}
      zIndex={TOPBAR_MODAL_Z}
      footer={
        warning && (
          <Space>
            <Button onClick={() => go(warningListPath(warning))}>{t('push.ticker.openList')}</Button>
            <Button type="primary" onClick={() => go(warningDetailPath(warning))}>{t('push.ticker.openDetail')}</Button>
          </Space>
        )
      }
    >
      {warning && (
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label={t('push.field.warningType')}>
            {warningTypeName(warning.warningType, lang, warning.warningTypeName)}
            {warning.compound && <Tag color="red" style={{ marginLeft: 6 }}>{t('push.field.compound')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('push.field.riskLevel')}><RiskLevelTag level={warning.riskLevel} /></Descriptions.Item>
          <Descriptions.Item label={t('push.field.device')}>{warning.deviceNumber}</Descriptions.Item>
          <Descriptions.Item label={t('push.field.plate')}>{orDash(warning.plateNumber)}</Descriptions.Item>
          <Descriptions.Item label={t('push.field.customer')}>{orDash(warning.customerName)}</Descriptions.Item>
          <Descriptions.Item label={t('push.field.phone')}>{orDash(warning.customerPhone)}</Descriptions.Item>
          <Descriptions.Item label={t('push.field.frame')} span={2}>{orDash(warning.carFrameNumber)}</Descriptions.Item>
          <Descriptions.Item label={t('push.field.dept')}>{orDash(warning.deptName)}</Descriptions.Item>
          <Descriptions.Item label={t('push.field.time')}>{warning.warningTime}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
