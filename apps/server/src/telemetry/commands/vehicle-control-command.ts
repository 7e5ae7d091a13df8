import { CONTROL_METHOD_MESSAGE, VENDOR_CONTROL_TYPE_DEFAULT, type ControlAction } from '@cvrisk/contracts';
import type { ControlMappingRow } from './seeded-control-mapping.js';

/** A `device_command` row's message id and params, as the gateway's downlink reads them. */
export type ControlCommand = { command: number; params: Record<string, string | number | boolean> };

/**
 * What to store in `device_command` to cut or restore a device of the mapping's model. A 0x8300
 * carries `relay: true` so the gateway sends it as an emergency text, not to the driver's screen.
 * Throws when the mapping lacks its method's field: the mapping's validation makes that a bug.
 */
export function controlCommand(mapping: ControlMappingRow, action: ControlAction): ControlCommand {
  const command = CONTROL_METHOD_MESSAGE[mapping.method];
  const code = action === 'cut' ? mapping.cut_code : mapping.restore_code;
  switch (mapping.method) {
    case 'terminalControl':
      return { command, params: { control: required(code, mapping, action) } };
    case 'vehicleControl':
      return { command, params: { flag: required(code, mapping, action), typeId: mapping.control_type_id ?? VENDOR_CONTROL_TYPE_DEFAULT } };
    case 'text':
      return { command, params: { text: required(action === 'cut' ? mapping.cut_text : mapping.restore_text, mapping, action), relay: true } };
  }
}

function required<T>(value: T | null, mapping: ControlMappingRow, action: ControlAction): T {
  if (value === null) throw new Error(`control mapping of ${mapping.model} (${mapping.method}) has nothing to ${action}`);
  return value;
}
