import { WARNING_TYPES } from '@cvrisk/contracts';
import { MINUTE_MS, type Fire, type Fix, type Thresholds } from '../types.js';

/** A place as the gazetteer names it. */
export type Region = { province: string; city: string };

/** Outside the car's region since `since`, at `place` (the province or city it is in). */
export type OutsideSpell = { since: number; place: string } | null;

/**
 * A car seen outside its region this long counts as gone: a single fix across a border (a jump of
 * the receiver, a ring road that clips a neighbour) does not.
 */
const LEFT_REGION_CONFIRM_MS = 10 * MINUTE_MS;

/**
 * The car is outside the province (or city, per config) bound to it. `here` is the gazetteer's name
 * for the fix, null where it names nothing (open sea, abroad): such fixes change nothing. One warning
 * per place it goes to, dated when it arrived there.
 */
export function leftRegion(
  spell: OutsideSpell, fix: Fix, home: Region, here: Region | null, th: Thresholds,
): { state: OutsideSpell; fire: Fire | null } {
  if (!here) return { state: spell, fire: null };
  const byCity = th.region.scope === 'city';
  const outside = byCity ? here.city !== home.city || here.province !== home.province : here.province !== home.province;
  if (!outside) return { state: null, fire: null };
  const place = byCity ? here.province + (here.city === here.province ? '' : here.city) : here.province;
  const state = spell && spell.place === place ? spell : { since: fix.t, place };
  if (fix.t - state.since < LEFT_REGION_CONFIRM_MS) return { state, fire: null };
  return {
    state,
    fire: {
      type: WARNING_TYPES.leftRegion.code, placeKey: place, time: state.since, at: fix.t, lng: fix.lng, lat: fix.lat,
      detail: { region: byCity ? home.province + home.city : home.province, place, since: state.since }, continuing: true,
    },
  };
}
