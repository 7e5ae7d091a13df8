import { CloseOutlined } from '@ant-design/icons';
import { RISK_POINT_NEAR_METRES, type RiskPointItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin, Typography } from 'antd';
import { formatMetres, type LngLat } from '../../components/map/draw/geometry';
import { OwnerTag } from '../../components/OwnerTag';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { RiskPointCategoryTag } from './RiskPointCategoryTag';
import { formatLngLat } from './riskPointForm';
import { nearbyQuery } from './riskPoints.queries';

type Props = {
  centre: LngLat | null;
  selectedId: number | null;
  onSelect: (point: RiskPointItem) => void;
  onClose: () => void;
};

const NOWHERE: LngLat = { lng: 0, lat: 0 };

/** 附近: the shared and own risk points within 3 km of a clicked place, nearest first, with distances. */
export function NearbyPanel({ centre, selectedId, onSelect, onClose }: Props) {
  const { t, lang } = useI18n();
  const near = useQuery({ ...nearbyQuery(centre ?? NOWHERE), enabled: centre !== null });
  const km = RISK_POINT_NEAR_METRES / 1000;
  const points = near.data ?? [];

  return (
    <div className="map-overlay risk-nearby" role="dialog" aria-label={t('riskPoint.nearTitle', { km })}>
      <div className="risk-nearby-head">
        <Typography.Title level={5}>{t('riskPoint.nearTitle', { km })}</Typography.Title>
        <Button type="text" size="small" icon={<CloseOutlined />} onClick={onClose} aria-label={t('riskPoint.close')} />
      </div>
      {centre === null ? (
        <p className="risk-editor-prompt">{t('riskPoint.nearPrompt', { km })}</p>
      ) : (
        <>
          <div className="risk-nearby-centre">
            {t('riskPoint.nearCentre', { point: formatLngLat(centre) })}
            {near.data && ` · ${t('riskPoint.nearCount', { count: points.length })}`}
          </div>
          <Spin spinning={near.isFetching}>
            {points.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={near.isFetching ? t('common.loading') : t('riskPoint.nearNone', { km })} />
            ) : (
              <ol className="risk-nearby-list">
                {points.map((p) => (
                  <li key={p.id} className={p.id === selectedId ? 'is-selected' : undefined}>
                    <button type="button" onClick={() => onSelect(p)}>
                      <span className="risk-nearby-name" title={p.name}>
                        {p.name}
                      </span>
                      <span className="risk-nearby-distance">{p.distance === undefined ? '' : formatMetres(p.distance, lang)}</span>
                      <span className="risk-nearby-tags">
                        <RiskPointCategoryTag category={p.category} />
                        <OwnerTag own={p.own} deptName={p.deptName} />
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </Spin>
          <p className="risk-nearby-hint">{t('riskPoint.nearAgain')}</p>
        </>
      )}
    </div>
  );
}
