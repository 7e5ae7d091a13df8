import type { ControlAction } from '@cvrisk/contracts';
import { VENDOR_CONTROL_TYPE_DEFAULT } from '@cvrisk/contracts';
import { SEEDED_CONTROL_MAPPING } from '../commands/seeded-control-mapping.js';
import type { DownlinkMessage } from '../jt808/index.js';

/** 0x8105 command words 1–7 are the standard's (upgrade, connect, power off, resets, links off); higher ones are a vendor's. */
const LAST_STANDARD_CONTROL = 7;

/**
 * What a platform command asks of the relay of a terminal of `model`, as its firmware understands
 * it (the seeded mapping: a demo terminal's firmware does not change when an administrator edits
 * the console's mapping): cut or restore; 'unsupported' for a relay command of another make (a
 * 0x8500 or a vendor 0x8105 word its model does not know); null for a command about something else.
 */
export function relayOrderOf(model: string, m: DownlinkMessage): ControlAction | 'unsupported' | null {
  const mapping = SEEDED_CONTROL_MAPPING.find((r) => r.model === model);
  const byCode = (code: number): ControlAction | 'unsupported' =>
    code === mapping?.cut_code ? 'cut' : code === mapping?.restore_code ? 'restore' : 'unsupported';
  switch (m.kind) {
    case 'terminal-control':
      if (m.command <= LAST_STANDARD_CONTROL) return null;
      return mapping?.method === 'terminalControl' ? byCode(m.command) : 'unsupported';
    case 'vehicle-control':
      if (mapping?.method !== 'vehicleControl') return 'unsupported';
      // A 2013 header carries no type; a 2019 one must name the type the firmware knows.
      if (m.typeId !== undefined && m.typeId !== (mapping.control_type_id ?? VENDOR_CONTROL_TYPE_DEFAULT)) return 'unsupported';
      return byCode(m.flag);
    case 'text-message':
      // Any other text is shown to the driver, as before.
      if (mapping?.method !== 'text') return null;
      return m.text === mapping.cut_text ? 'cut' : m.text === mapping.restore_text ? 'restore' : null;
    default:
      return null;
  }
}
