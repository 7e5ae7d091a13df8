import { AimOutlined } from '@ant-design/icons';
import { RISK_POINT_NEAR_METRES, RiskPointListQuery, type GeoPlace, type RiskPointCategory, type RiskPointItem } from '@cvrisk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { MapWorkspace } from '../../components/MapWorkspace';
import { AddressSearch } from '../../components/map/AddressSearch';
import type { LngLat } from '../../components/map/draw/geometry';
import { PointPicker } from '../../components/map/draw/PointPicker';
import { PickedPointLayer } from '../../components/map/layers/PickedPointLayer';
import { RiskPointLayer, RiskPointLegend } from '../../components/map/layers/RiskPointLayer';
import { MapView } from '../../components/map/MapView';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useListQuery } from '../../lib/useListQuery';
import { FocusOnPoint } from './FocusOnPoint';
import { NearbyPanel } from './NearbyPanel';
import { draftOf, emptyDraft, toRiskPointSave, type RiskPointDraft } from './riskPointForm';
import { RiskPointEditorPanel } from './RiskPointEditorPanel';
import { RiskPointInfoCard } from './RiskPointInfoCard';
import { RiskPointListPanel } from './RiskPointListPanel';
import { deleteRiskPoint, nearbyQuery, RISK_POINTS_KEY, riskPointListQuery, riskPointMapQuery, saveRiskPoint } from './riskPoints.queries';
import './riskPoints.css';

/** What the map's clicks are for: selecting markers, placing the point being edited, or a 附近 search. */
type Mode = { kind: 'browse' } | { kind: 'edit'; initial: RiskPointDraft; point: LngLat | null } | { kind: 'near'; centre: LngLat | null };

const NOWHERE: LngLat = { lng: 0, lat: 0 };
const NONE: RiskPointItem[] = [];

/**
 * 风险点 (车辆监控): second-mortgage points, pawnshops, used-car markets and the like, on a list and on
 * the map (coloured by category). With riskPoint:edit, points are added by clicking the map or searching
 * an address, and the operator's own points are edited or deleted. 附近 lists what lies within 3 km.
 */
export function RiskPointPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { user } = useSession();
  const canEdit = user.permissions.includes('riskPoint:edit');
  const queryClient = useQueryClient();
  const { query, search, page } = useListQuery(RiskPointListQuery);
  const list = useQuery({ ...riskPointListQuery(query), placeholderData: keepPreviousData });
  const filters = useMemo(() => ({ name: query.name, category: query.category, owner: query.owner }), [query.name, query.category, query.owner]);
  const onMap = useQuery({ ...riskPointMapQuery(filters), placeholderData: keepPreviousData });
  const [mode, setMode] = useState<Mode>({ kind: 'browse' });
  const [selected, setSelected] = useState<RiskPointItem | null>(null);
  const [focused, setFocused] = useState<LngLat | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<RiskPointCategory>>(new Set());
  const centre = mode.kind === 'near' ? mode.centre : null;
  const near = useQuery({ ...nearbyQuery(centre ?? NOWHERE), enabled: centre !== null });

  const points = onMap.data?.list;
  // 附近 finds points the filters leave off the map; they are drawn too, but the view is not fitted to them.
  const nearOnly = useMemo(() => {
    const shown = new Set((points ?? []).map((p) => p.id));
    return (near.data ?? []).filter((p) => !shown.has(p.id));
  }, [points, near.data]);
  const counts = useMemo(() => {
    const out: Partial<Record<RiskPointCategory, number>> = {};
    for (const p of points ?? []) out[p.category] = (out[p.category] ?? 0) + 1;
    return out;
  }, [points]);
  const layer = {
    hidden,
    selectedId: selected?.id ?? null,
    hiddenId: mode.kind === 'edit' ? (mode.initial.id ?? null) : null,
    onSelect: setSelected,
    interactive: mode.kind === 'browse',
  };

  const browse = () => setMode({ kind: 'browse' });
  const select = (p: RiskPointItem) => {
    setSelected(p);
    setFocused({ lng: p.lng, lat: p.lat });
  };
  const save = useMutation({
    mutationFn: (draft: RiskPointDraft) => saveRiskPoint(toRiskPointSave(draft)),
    onSuccess: ({ point, msg }) => {
      void message.success(msg);
      browse();
      setSelected(point);
      void queryClient.invalidateQueries({ queryKey: [RISK_POINTS_KEY] });
    },
  });
  const remove = useMutation({
    mutationFn: (p: RiskPointItem) => deleteRiskPoint(p.id),
    onSuccess: (msg, p) => {
      void message.success(msg);
      if (selected?.id === p.id) setSelected(null);
      void queryClient.invalidateQueries({ queryKey: [RISK_POINTS_KEY] });
    },
  });
  const edit = (p: RiskPointItem) => {
    select(p);
    const initial = draftOf(p);
    setMode({ kind: 'edit', initial, point: initial.point });
  };
  const place = (point: LngLat) => {
    if (mode.kind === 'edit') setMode({ ...mode, point });
    else if (mode.kind === 'near') setMode({ kind: 'near', centre: point });
  };
  const placeFound = (place: GeoPlace) => {
    const point = { lng: place.lng, lat: place.lat };
    setFocused(point);
    if (mode.kind === 'edit') setMode({ ...mode, point });
    else if (mode.kind === 'near') setMode({ kind: 'near', centre: point });
  };
  const toggle = (c: RiskPointCategory) =>
    setHidden((h) => {
      const next = new Set(h);
      if (!next.delete(c)) next.add(c);
      return next;
    });

  return (
    <MapWorkspace
      panel={
        <RiskPointListPanel
          data={list.data}
          loading={list.isFetching}
          query={query}
          onSearch={(filters) => search(filters) || void list.refetch()}
          onPage={page}
          selectedId={selected?.id ?? null}
          onSelect={select}
          canEdit={canEdit}
          adding={mode.kind === 'edit'}
          onAdd={() => setMode({ kind: 'edit', initial: emptyDraft(), point: null })}
          onEdit={edit}
          onDelete={(p) => remove.mutate(p)}
        />
      }
    >
      <MapView className="risk-map">
        <RiskPointLayer points={points ?? NONE} fitKey={onMap.isPlaceholderData || !points ? undefined : JSON.stringify(filters)} {...layer} />
        <RiskPointLayer points={nearOnly} {...layer} />
        <FocusOnPoint point={focused} />
        {mode.kind !== 'browse' && <PointPicker onPick={place} />}
        {mode.kind === 'edit' && mode.point && <PickedPointLayer point={mode.point} />}
        {centre && <PickedPointLayer point={centre} radius={RISK_POINT_NEAR_METRES} />}
        <div className="map-overlay risk-toolbar">
          <AddressSearch onPick={placeFound} />
          <Button
            icon={<AimOutlined />}
            type={mode.kind === 'near' ? 'primary' : 'default'}
            disabled={mode.kind === 'edit'}
            onClick={() => (mode.kind === 'near' ? browse() : setMode({ kind: 'near', centre: null }))}
          >
            {t('riskPoint.near')}
          </Button>
        </div>
        {mode.kind === 'edit' && (
          <RiskPointEditorPanel
            key={mode.initial.id ?? 'new'}
            initial={mode.initial}
            point={mode.point}
            saving={save.isPending}
            onSave={(draft) => save.mutate(draft)}
            onCancel={browse}
          />
        )}
        {mode.kind === 'near' && <NearbyPanel centre={centre} selectedId={selected?.id ?? null} onSelect={select} onClose={browse} />}
        {mode.kind === 'browse' && selected && (
          <RiskPointInfoCard point={selected} canEdit={canEdit} onEdit={edit} onDelete={(p) => remove.mutate(p)} onClose={() => setSelected(null)} />
        )}
        <RiskPointLegend counts={counts} hidden={hidden} onToggle={toggle} />
      </MapView>
    </MapWorkspace>
  );
}
