import { RiskPointSave, type RiskPointCategory, type RiskPointItem } from '@cvrisk/contracts';
import type { LngLat } from '../../components/map/draw/geometry';
import type { Translate } from '../../lib/i18n/translate';

export const NAME_MAX = 50;
export const ADDRESS_MAX = 255;
/** The contract takes points in and near China only. */
const CHINA = { lng: [73, 136], lat: [3, 54] } as const;

/** A risk point being added or edited: the form's fields and the point chosen on the map (null until chosen). */
export type RiskPointDraft = {
  id?: number;
  name: string;
  category?: RiskPointCategory;
  address: string;
  point: LngLat | null;
};

export type RiskPointField = 'name' | 'category' | 'address' | 'point';

export const emptyDraft = (point: LngLat | null = null): RiskPointDraft => ({ name: '', address: '', point });

export function draftOf(p: RiskPointItem): RiskPointDraft {
  return { id: p.id, name: p.name, category: p.category, address: p.address, point: { lng: p.lng, lat: p.lat } };
}

/** `120.153210, 30.254120`: six decimals, the precision a click on the map has. */
export function formatLngLat(p: LngLat): string {
  return `${p.lng.toFixed(6)}, ${p.lat.toFixed(6)}`;
}

/** What stops a draft from being saved, per field, in the words of the risk-point contract (the tests hold them equal). */
export function riskPointProblems(d: RiskPointDraft, t: Translate): Partial<Record<RiskPointField, string>> {
  const out: Partial<Record<RiskPointField, string>> = {};
  const name = d.name.trim();
  if (!name) out.name = t('riskPoint.nameRequired');
  else if (name.length > NAME_MAX) out.name = t('riskPoint.nameTooLong');
  if (!d.category) out.category = t('riskPoint.categoryRequired');
  const address = d.address.trim();
  if (!address) out.address = t('riskPoint.addressRequired');
  else if (address.length > ADDRESS_MAX) out.address = t('riskPoint.addressTooLong');
  if (!d.point) out.point = t('riskPoint.pickFirst');
  else if (d.point.lng < CHINA.lng[0] || d.point.lng > CHINA.lng[1]) out.point = t('riskPoint.lngOutside');
  else if (d.point.lat < CHINA.lat[0] || d.point.lat > CHINA.lat[1]) out.point = t('riskPoint.latOutside');
  return out;
}

/** The save body; the contract's schema has the last word. */
export function toRiskPointSave(d: RiskPointDraft): RiskPointSave {
  return RiskPointSave.parse({ id: d.id, name: d.name, category: d.category, address: d.address, lng: d.point?.lng, lat: d.point?.lat });
}
