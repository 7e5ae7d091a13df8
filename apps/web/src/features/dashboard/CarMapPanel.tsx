import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { loadOutlines } from '../../components/map/outlineLayer';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { carCityCountQuery, carProvinceCountQuery } from '../home/home.queries';
import { onBoardCadence } from './dashboard.queries';
import { DashboardPanel } from './DashboardPanel';
import { LEGEND_GRADIENT, regionsOf } from './mapRegions';
import { RegionMap } from './RegionMap';

/** The ranking beside the map lists this many regions. */
const RANK_SIZE = 5;

/** Cars per bound province on the map of China; a province clicked shows its cities, with a way back. */
export function CarMapPanel() {
  const { t } = useI18n();
  const [province, setProvince] = useState<string | null>(null);
  const outlines = useQuery({ queryKey: ['geo', 'outlines'], queryFn: loadOutlines, staleTime: Infinity });
  const provinces = useQuery(onBoardCadence(carProvinceCountQuery()));
  const cities = useQuery({ ...onBoardCadence(carCityCountQuery(province ?? '')), enabled: province !== null });

  const ranked = useMemo(() => {
    if (province === null) return provinces.data?.list.map((p) => ({ name: p.province, count: p.count }));
    return cities.data?.list.map((c) => ({ name: c.city, count: c.count }));
  }, [province, provinces.data, cities.data]);
  const counts = useMemo(() => new Map(ranked?.map((r) => [r.name, r.count])), [ranked]);
  const view = useMemo(() => (outlines.data ? regionsOf(outlines.data, province) : null), [outlines.data, province]);
  const counted = province === null ? provinces : cities;

  const tooltip = useCallback((name: string, count: number) => t('dashboard.map.tooltip', { name, count: count.toLocaleString() }), [t]);

  const source = {
    data: outlines.data !== undefined && ranked ? { view, ranked } : undefined,
    isError: outlines.isError || counted.isError,
    refetch: () => Promise.all([outlines.refetch(), counted.refetch()]),
  };
  const max = Math.max(0, ...counts.values());

  return (
    <DashboardPanel
      title={province === null ? t('dashboard.map.title') : t('dashboard.map.cityTitle', { province })}
      className="dashboard-map-panel"
      extra={
        province === null ? (
          <span className="dashboard-hint">{t('dashboard.map.hint')}</span>
        ) : (
          <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => setProvince(null)}>
            {t('dashboard.map.back')}
          </Button>
        )
      }
      source={source}
      empty={(d) => (d.view ? null : t('dashboard.map.noOutlines'))}
    >
      {(d) => (
        <>
          {d.view && <RegionMap view={d.view} counts={counts} onPick={province === null ? setProvince : undefined} tooltip={tooltip} short={province === null} />}
          {d.ranked.length === 0 ? (
            <div className="dashboard-map-note">{province === null ? t('dashboard.map.noCars') : t('dashboard.map.noCityCars', { province })}</div>
          ) : (
            <>
              <ol className="dashboard-map-rank" aria-label={t('dashboard.map.rank')}>
                {d.ranked.slice(0, RANK_SIZE).map((r, i) => (
                  <li key={r.name}>
                    <span className="dashboard-rank-no">{i + 1}</span>
                    {province === null ? (
                      <button type="button" onClick={() => setProvince(r.name)}>
                        {r.name}
                      </button>
                    ) : (
                      <span>{r.name}</span>
                    )}
                    <b>{r.count.toLocaleString()}</b>
                  </li>
                ))}
              </ol>
              <div className="dashboard-map-legend" aria-hidden>
                <span>0</span>
                <i style={{ background: LEGEND_GRADIENT }} />
                <span>{max.toLocaleString()}</span>
                <span>{t('dashboard.unit.car')}</span>
              </div>
            </>
          )}
        </>
      )}
    </DashboardPanel>
  );
}
