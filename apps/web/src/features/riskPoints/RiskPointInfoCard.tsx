import { CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { RiskPointItem } from '@cvrisk/contracts';
import { Button, Descriptions, Popconfirm, Typography } from 'antd';
import { OwnerTag } from '../../components/OwnerTag';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { RiskPointCategoryTag } from './RiskPointCategoryTag';
import { formatLngLat } from './riskPointForm';

type Props = {
  point: RiskPointItem;
  canEdit: boolean;
  onEdit: (point: RiskPointItem) => void;
  onDelete: (point: RiskPointItem) => void;
  onClose: () => void;
};

/** The selected risk point's details over the map, with 编辑 / 删除 when it is the operator's own. */
export function RiskPointInfoCard({ point, canEdit, onEdit, onDelete, onClose }: Props) {
  const { t } = useI18n();
  return (
    <div className="map-overlay risk-info" role="dialog" aria-label={point.name}>
      <div className="risk-nearby-head">
        <Typography.Title level={5} ellipsis={{ tooltip: point.name }}>
          {point.name}
        </Typography.Title>
        <Button type="text" size="small" icon={<CloseOutlined />} onClick={onClose} aria-label={t('riskPoint.close')} />
      </div>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'category', label: t('riskPoint.category'), children: <RiskPointCategoryTag category={point.category} /> },
          { key: 'owner', label: t('riskPoint.owner'), children: <OwnerTag own={point.own} deptName={point.deptName} /> },
          { key: 'address', label: t('riskPoint.address'), children: point.address },
          { key: 'position', label: t('riskPoint.position'), children: formatLngLat(point) },
          { key: 'created', label: t('riskPoint.created'), children: point.createTime },
        ]}
      />
      {canEdit && point.own && (
        <div className="risk-editor-buttons">
          <Popconfirm
            title={t('riskPoint.deleteTitle')}
            description={t('riskPoint.deleteConfirm', { name: point.name })}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(point)}
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('riskPoint.delete')}
            </Button>
          </Popconfirm>
          <Button type="primary" icon={<EditOutlined />} onClick={() => onEdit(point)}>
            {t('riskPoint.edit')}
          </Button>
        </div>
      )}
    </div>
  );
}
