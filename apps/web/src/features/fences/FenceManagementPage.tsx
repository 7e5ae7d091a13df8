import { FenceListQuery, type FenceItem } from '@cvrisk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { MapWorkspace } from '../../components/MapWorkspace';
import { CircleDrawTool } from '../../components/map/draw/CircleDrawTool';
import { PolygonDrawTool } from '../../components/map/draw/PolygonDrawTool';
import { ShapeEditor, type EditableShape } from '../../components/map/draw/ShapeEditor';
import { FENCE_COLORS, FenceLayer } from '../../components/map/layers/FenceLayer';
import { MapView } from '../../components/map/MapView';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useListQuery } from '../../lib/useListQuery';
import { BoundCarsDrawer } from './BoundCarsDrawer';
import { FenceEditorPanel } from './FenceEditorPanel';
import { draftOf, newFence, toFenceSave, type FenceDraft } from './fenceForm';
import { FenceListPanel } from './FenceListPanel';
import { deleteFences, FENCES_KEY, fenceListQuery, saveFence } from './fences.queries';
import './fences.css';

/** The draft's shape once drawn, in the editor's terms. */
function editableOf(d: FenceDraft): EditableShape | null {
  if (d.shape === 'circle') return d.geometry ? { shape: 'circle', geometry: d.geometry } : null;
  return d.geometry ? { shape: 'polygon', geometry: d.geometry } : null;
}

/**
 * 电子围栏 (车辆监控): the fences the operator may see, on a list and on the map. With fence:edit, new
 * fences are drawn on the map (circle or polygon), own fences are reshaped, renamed or deleted, and cars
 * are bound to any visible fence; shared fences from above are bound to but not changed.
 */
export function FenceManagementPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { user } = useSession();
  const canEdit = user.permissions.includes('fence:edit');
  const queryClient = useQueryClient();
  const { query, search, page } = useListQuery(FenceListQuery);
  const list = useQuery({ ...fenceListQuery(query), placeholderData: keepPreviousData });
  const fences = list.data?.list ?? [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [draft, setDraft] = useState<FenceDraft | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [boundFor, setBoundFor] = useState<FenceItem | null>(null);

  const stopEditing = () => {
    setDraft(null);
    setDrawing(false);
  };
  const save = useMutation({
    mutationFn: saveFence,
    onSuccess: ({ fence, msg }) => {
      void message.success(msg);
      stopEditing();
      setSelectedId(fence.id);
      void queryClient.invalidateQueries({ queryKey: [FENCES_KEY] });
    },
  });
  const remove = useMutation({
    mutationFn: (fence: FenceItem) => deleteFences([fence.id]),
    onSuccess: ({ msg }, fence) => {
      void message.success(msg);
      if (selectedId === fence.id) setSelectedId(null);
      void queryClient.invalidateQueries({ queryKey: [FENCES_KEY] });
    },
  });

  const startDrawing = (shape: 'circle' | 'polygon') => {
    setDraft(newFence(shape));
    setDrawing(true);
  };
  const edit = (fence: FenceItem) => {
    setSelectedId(fence.id);
    setDraft(draftOf(fence));
    setDrawing(false);
  };
  const drawn = (next: EditableShape) => {
    setDraft((d) => d && { ...d, ...next });
    setDrawing(false);
  };
  const cancelDrawing = () => {
    // Redrawing an existing shape and cancelling goes back to the shape as it was.
    if (draft?.geometry) setDrawing(false);
    else stopEditing();
  };
  const editable = draft && !drawing ? editableOf(draft) : null;

  return (
    <>
      <MapWorkspace
        panel={
          <FenceListPanel
            data={list.data}
            loading={list.isFetching}
            query={query}
            onSearch={(name) => search({ name }) || void list.refetch()}
            onPage={page}
            selectedId={selectedId}
            onSelect={(f) => setSelectedId(f.id)}
            canEdit={canEdit}
            busy={draft !== null}
            onCreate={startDrawing}
            onEdit={edit}
            onDelete={(f) => remove.mutate(f)}
            onBound={setBoundFor}
          />
        }
      >
        <MapView>
          <FenceLayer
            fences={fences}
            selectedId={selectedId}
            highlight={draft === null}
            hiddenId={draft?.id ?? null}
            onSelect={setSelectedId}
            interactive={draft === null}
          />
          {drawing && draft?.shape === 'circle' && <CircleDrawTool onDone={(geometry) => drawn({ shape: 'circle', geometry })} onCancel={cancelDrawing} />}
          {drawing && draft?.shape === 'polygon' && (
            <PolygonDrawTool onDone={(points) => drawn({ shape: 'polygon', geometry: { points } })} onCancel={cancelDrawing} />
          )}
          {editable && <ShapeEditor value={editable} onChange={(next) => setDraft((d) => d && { ...d, ...next })} />}
          {draft && (
            <FenceEditorPanel
              key={`${draft.id ?? 'new'}-${drawing}`}
              draft={draft}
              drawing={drawing}
              saving={save.isPending}
              onChange={(values) => setDraft((d) => d && { ...d, ...values })}
              onRedraw={() => setDrawing(true)}
              onSave={() => save.mutate(toFenceSave(draft))}
              onCancel={drawing ? cancelDrawing : stopEditing}
            />
          )}
          <div className="map-overlay fence-legend" aria-hidden>
            <span>
              <i style={{ borderColor: FENCE_COLORS.own, background: `${FENCE_COLORS.own}22` }} />
              {t('fence.legendOwn')}
            </span>
            <span>
              <i style={{ borderColor: FENCE_COLORS.shared, background: `${FENCE_COLORS.shared}22` }} />
              {t('fence.legendShared')}
            </span>
            <span>
              <i style={{ borderColor: FENCE_COLORS.selected, background: `${FENCE_COLORS.selected}33` }} />
              {t('fence.legendSelected')}
            </span>
          </div>
        </MapView>
      </MapWorkspace>
      <BoundCarsDrawer fence={boundFor} canEdit={canEdit} onClose={() => setBoundFor(null)} />
    </>
  );
}
