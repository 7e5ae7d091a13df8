import { COMMAND_IDS } from '@cvrisk/contracts';
import { MessageId, ParameterId, type DownlinkMessage } from '../jt808/index.js';
import type { StoredCommand } from '../commands/command-store.js';

/** 0x8300 flags: bit 2 show on the display, bit 3 read out by text-to-speech. */
const TEXT_DISPLAY_AND_TTS = 0b1100;
/** 0x8300 flag bit 0 (emergency) alone: a relay command string is for the terminal, not the driver's screen. */
const TEXT_EMERGENCY = 0b1;

/** The JT/T 808 message a stored command goes out as. */
export function commandDownlink(c: StoredCommand): DownlinkMessage {
  const p = JSON.parse(c.params) as Record<string, number | string | boolean | undefined>;
  switch (c.command) {
    case COMMAND_IDS.positionQuery:
      return { kind: 'location-query' };
    case COMMAND_IDS.tempTracking:
      return { kind: 'temporary-tracking', intervalSeconds: Number(p.interval), validitySeconds: Number(p.validity) };
    case COMMAND_IDS.setParams: {
      const parameters = (
        [
          [ParameterId.defaultReportInterval, p.reportInterval],
          [ParameterId.sleepReportInterval, p.sleepInterval],
          [ParameterId.emergencyReportInterval, p.emergencyInterval],
        ] as const
      )
        .filter(([, v]) => v !== undefined)
        .map(([id, v]) => ({ id, type: 'dword' as const, value: Number(v) }));
      return { kind: 'set-parameters', parameters };
    }
    case COMMAND_IDS.terminalControl:
      return { kind: 'terminal-control', command: Number(p.control) };
    case COMMAND_IDS.text:
      return { kind: 'text-message', flag: p.relay === true ? TEXT_EMERGENCY : TEXT_DISPLAY_AND_TTS, textType: 1, text: String(p.text) };
    case MessageId.vehicleControl:
      // The codec sends the flag alone to a 2013 terminal, as the parameter of `typeId` to a 2019 one.
      return { kind: 'vehicle-control', flag: Number(p.flag), ...(p.typeId === undefined ? {} : { typeId: Number(p.typeId) }) };
    default:
      throw new Error(`unknown stored command 0x${c.command.toString(16)}`);
  }
}
