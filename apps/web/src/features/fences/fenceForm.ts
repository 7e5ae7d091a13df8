import { FENCE_LIMITS, FenceSave, type CircleGeometry, type FenceAlarmOn, type FenceItem, type PolygonGeometry } from '@cvrisk/contracts';
import { polygonProblem } from '../../components/map/draw/geometry';
import type { Translate } from '../../lib/i18n/translate';

export const NAME_MAX = 50;

/** A fence being created or edited: the form's fields plus the shape drawn on the map (null until drawn). */
export type FenceDraft = {
  id?: number;
  name: string;
  alarmOn?: FenceAlarmOn;
} & ({ shape: 'circle'; geometry: CircleGeometry | null } | { shape: 'polygon'; geometry: PolygonGeometry | null });

export type FenceField = 'name' | 'alarmOn' | 'geometry';

export function newFence(shape: 'circle' | 'polygon'): FenceDraft {
  return shape === 'circle' ? { name: '', shape, geometry: null } : { name: '', shape, geometry: null };
}

export function draftOf(fence: FenceItem): FenceDraft {
  const { id, name, alarmOn } = fence;
  return fence.shape === 'circle'
    ? { id, name, alarmOn, shape: 'circle', geometry: fence.geometry }
    : { id, name, alarmOn, shape: 'polygon', geometry: fence.geometry };
}

function geometryProblem(d: FenceDraft, t: Translate): string | undefined {
  if (d.shape === 'circle') {
    if (!d.geometry) return t('fence.drawCircleFirst');
    if (d.geometry.radius < FENCE_LIMITS.minRadiusM) return t('fence.radiusMin');
    if (d.geometry.radius > FENCE_LIMITS.maxRadiusM) return t('fence.radiusMax');
    return undefined;
  }
  if (!d.geometry) return t('fence.drawPolygonFirst');
  const problem = polygonProblem(d.geometry.points);
  if (problem === 'tooFew') return t('fence.tooFewVertices');
  if (problem === 'tooMany') return t('fence.tooManyVertices', { max: FENCE_LIMITS.maxVertices });
  if (problem === 'selfIntersecting') return t('fence.polygonCrossing');
  if (problem === 'repeatedVertex') return t('fence.repeatedVertex');
  return undefined;
}

/**
 * What stops a draft from being saved, per field, in the words of the fence contract (the tests hold
 * the Chinese texts equal to it), so the operator reads the server's rule before the server is asked.
 */
export function fenceProblems(d: FenceDraft, t: Translate): Partial<Record<FenceField, string>> {
  const out: Partial<Record<FenceField, string>> = {};
  const name = d.name.trim();
  if (!name) out.name = t('fence.nameRequired');
  else if (name.length > NAME_MAX) out.name = t('fence.nameTooLong');
  if (!d.alarmOn) out.alarmOn = t('fence.alarmOnRequired');
  const geometry = geometryProblem(d, t);
  if (geometry) out.geometry = geometry;
  return out;
}

/** The save body; the contract's schema has the last word. */
export function toFenceSave(d: FenceDraft): FenceSave {
  return FenceSave.parse({ id: d.id, name: d.name, alarmOn: d.alarmOn, shape: d.shape, geometry: d.geometry });
}
