import type { MessageKey } from '../../lib/i18n/translate';

/** How the screen writes a control word or type id: as the terminals' documents do, in hex (0xF0, 0xF001). */
export const formatControlCode = (code: number, digits = 2) => `0x${code.toString(16).toUpperCase().padStart(digits, '0')}`;

/**
 * The typed text as a number from `min` to `max`, or why it is not one. `0x` marks hex; digits alone are
 * decimal; letters A–F without the prefix can only be hex (F0), so they are read as hex too.
 */
export function parseControlCode(text: string, max: number, min = 0): { code: number } | { error: MessageKey } {
  const v = text.trim();
  if (v === '') return { error: 'controlMapping.codeRequired' };
  let code: number;
  if (/^0x[0-9a-f]+$/i.test(v)) code = Number.parseInt(v.slice(2), 16);
  else if (/^\d+$/.test(v)) code = Number(v);
  else if (/^[0-9a-f]+$/i.test(v)) code = Number.parseInt(v, 16);
  else return { error: 'controlMapping.codeInvalid' };
  return code >= min && code <= max ? { code } : { error: 'controlMapping.codeInvalid' };
}
