import type { WarningPushForm } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { sameTypeWarningsQuery } from './warningDetail.queries';
import './detailExtras.css';

/**
 * 同设备同类未处理预警 (findByDeviceNumberAndWarningType): the open warnings that 统一处理 of this one
 * takes along, each a link to its own detail; the one on screen is marked.
 */
export function SameTypeWarnings({ id, form }: { id: number; form: WarningPushForm }) {
  const { t } = useI18n();
  const same = useQuery(sameTypeWarningsQuery(form));
  if (same.isError) return null;
  const list = same.data ?? [];

  return (
    <Card size="small" className="wd-card" title={t('sameType.title')} loading={same.isPending} extra={same.data && <Tag>{list.length}</Tag>}>
      {list.some((w) => w.id !== id) && <Typography.Paragraph type="secondary" className="wdx-hint">{t('sameType.hint')}</Typography.Paragraph>}
      <List
        size="small"
        dataSource={list}
        locale={{ emptyText: t('sameType.none') }}
        className="wdx-list"
        renderItem={(w) => (
          <List.Item>
            {w.id === id ? (
              <span>
                {w.warningTime} <Tag color="blue">{t('sameType.current')}</Tag>
              </span>
            ) : (
              <Link to={`/risk/warningDetail?${new URLSearchParams({ id: String(w.id), deviceNumber: w.deviceNumber, warningType: String(w.warningType) })}`}>
                {w.warningTime}
              </Link>
            )}
          </List.Item>
        )}
      />
    </Card>
  );
}
