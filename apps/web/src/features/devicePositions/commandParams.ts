import { EqCommand, TERMINAL_CONTROLS, type CommandItem, type CommandName } from '@cvrisk/contracts';
import { formatSeconds } from '../../lib/format';
import type { Lang, MessageKey, Translate } from '../../lib/i18n/translate';

/** What the command form may send: vehicle control goes out only through an approved immobilisation. */
export type FormCommandName = Exclude<CommandName, 'vehicleControl'>;

/** The command form's values: every command's fields, of which the chosen command uses some. */
export type CommandFormValues = {
  command: FormCommandName;
  interval?: number | null;
  validity?: number | null;
  reportInterval?: number | null;
  sleepInterval?: number | null;
  emergencyInterval?: number | null;
  control?: 4 | 5;
  text?: string;
};

export type SecondsField = 'interval' | 'validity' | 'reportInterval' | 'sleepInterval' | 'emergencyInterval';

/**
 * The bounds EqCommand accepts, in seconds (the tests hold the two together). The form asks for an
 * interval of at least 1 s: the contract's interval 0 stops tracking, which real-time tracking sends.
 */
export const SECONDS_LIMITS: Record<SecondsField, { min: number; max: number }> = {
  interval: { min: 1, max: 3600 },
  validity: { min: 1, max: 86_400 },
  reportInterval: { min: 1, max: 86_400 },
  sleepInterval: { min: 1, max: 86_400 },
  emergencyInterval: { min: 1, max: 86_400 },
};
export const TEXT_MAX = 200;
export const SET_PARAMS_FIELDS = ['reportInterval', 'sleepInterval', 'emergencyInterval'] as const;

export const FIELD_LABELS: Record<SecondsField | 'control' | 'text', MessageKey> = {
  interval: 'command.interval',
  validity: 'command.validity',
  reportInterval: 'command.reportInterval',
  sleepInterval: 'command.sleepInterval',
  emergencyInterval: 'command.emergencyInterval',
  control: 'command.control',
  text: 'command.text',
};

const given = (v: number | null | undefined): number | undefined => (v === null || v === undefined ? undefined : v);

/**
 * The eqCommand body for the chosen command, with only the fields it takes. The contract's schema
 * has the last word, so a body the server would refuse is never sent.
 */
export function toEqCommand(deviceNumber: string, v: CommandFormValues): EqCommand {
  switch (v.command) {
    case 'positionQuery':
      return EqCommand.parse({ deviceNumber, command: v.command });
    case 'tempTracking':
      return EqCommand.parse({ deviceNumber, command: v.command, interval: given(v.interval), validity: given(v.validity) });
    case 'setParams': {
      const set = Object.fromEntries(SET_PARAMS_FIELDS.filter((f) => given(v[f]) !== undefined).map((f) => [f, v[f]]));
      return EqCommand.parse({ deviceNumber, command: v.command, ...set });
    }
    case 'terminalControl':
      return EqCommand.parse({ deviceNumber, command: v.command, control: v.control });
    case 'text':
      return EqCommand.parse({ deviceNumber, command: v.command, text: v.text });
  }
}

/** A vendor control word of an immobilisation (0xF0), as the platform administrator mapped it. */
const controlWord = (v: unknown, t: Translate) => (typeof v === 'number' ? `${t('command.control')} 0x${v.toString(16).toUpperCase().padStart(2, '0')}` : '');

/** What a sent command asked for, in the operator's words (`上报间隔 10秒，跟踪时长 1小时`). */
export function describeParams(item: Pick<CommandItem, 'command' | 'params'>, t: Translate, lang: Lang): string {
  const p = item.params;
  const seconds = (f: SecondsField) => (typeof p[f] === 'number' ? `${t(FIELD_LABELS[f])} ${formatSeconds(p[f], lang)}` : null);
  const join = (parts: (string | null)[]) => parts.filter(Boolean).join(lang === 'zh' ? '，' : ', ');
  switch (item.command) {
    case 'positionQuery':
      return '';
    case 'tempTracking':
      // Interval 0 is how JT/T 808 ends temporary tracking (sent when real-time tracking closes).
      return p.interval === 0 ? t('command.stopTracking') : join([seconds('interval'), seconds('validity')]);
    case 'setParams':
      return join(SET_PARAMS_FIELDS.map(seconds));
    case 'terminalControl':
      return p.control === 4 || p.control === 5 ? TERMINAL_CONTROLS[p.control][lang] : controlWord(p.control, t);
    case 'vehicleControl':
      return controlWord(p.flag, t);
    case 'text':
      return typeof p.text === 'string' ? p.text : '';
  }
}
