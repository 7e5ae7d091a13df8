import type { ControlMethod } from '@cvrisk/contracts';

/** One model's immobilisation mapping as stored (`control_mapping`, migration 031). */
export type ControlMappingRow = {
  model: string;
  method: ControlMethod;
  cut_code: number | null;
  restore_code: number | null;
  control_type_id: number | null;
  cut_text: string | null;
  restore_text: string | null;
};

/**
 * The demo's wired models, one per method, seeded by migration 031 so an existing database and an
 * empty one hold the same rows, and the simulator's terminals obey what the server sends them.
 * Wireless trackers run on a battery and are not wired to the fuel pump: they get none.
 */
export const SEEDED_CONTROL_MAPPING: readonly ControlMappingRow[] = [
  { model: 'GT06N', method: 'terminalControl', cut_code: 0xf0, restore_code: 0xf1, control_type_id: null, cut_text: null, restore_text: null },
  { model: 'JM-VL03', method: 'vehicleControl', cut_code: 0x01, restore_code: 0x00, control_type_id: 0xf001, cut_text: null, restore_text: null },
  { model: 'KM-02', method: 'text', cut_code: null, restore_code: null, control_type_id: null, cut_text: 'RELAY,1#', restore_text: 'RELAY,0#' },
];
