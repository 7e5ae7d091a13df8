import { HandlingPhraseCalls, type HandlingPhraseGroup, type HandlingPhrasesReset, type HandlingPhrasesSave } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

export const HANDLING_PHRASES_KEY = 'handlingPhrases';

/**
 * Whose phrases: a warning's (its institution's: what the handling dialog offers), a department's
 * (an institution, or the platform for the default: what the editor edits), or, with neither, the
 * caller's own (their institution's, the platform default for platform staff).
 */
export type PhrasesOf = { warningId?: number; deptId?: number };

/**
 * Every type's phrases at once (a few hundred bytes), read when a handling dialog first opens. Silent:
 * without them the dialog still takes free text.
 */
export function handlingPhrasesQuery(of: PhrasesOf = {}) {
  return queryOptions({
    queryKey: [HANDLING_PHRASES_KEY, of.warningId === undefined ? { deptId: of.deptId ?? 'own' } : { warningId: of.warningId }],
    queryFn: ({ signal }) => call(HandlingPhraseCalls.list, { query: of.warningId === undefined ? { deptId: of.deptId } : { warningId: of.warningId } }, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** The phrases offered for these types, in type order, each once. */
export function phrasesFor(groups: HandlingPhraseGroup[] | undefined, types: readonly number[]): string[] {
  const wanted = new Set(types);
  return [...new Set((groups ?? []).filter((g) => wanted.has(g.warningType)).flatMap((g) => g.phrases))];
}

/** The handling text after a phrase is picked: the phrase alone, or appended after what is there. */
export function withPhrase(text: string | undefined, phrase: string): string {
  const current = (text ?? '').trim();
  if (current === '') return phrase;
  if (current.includes(phrase)) return current;
  return /[，。；,.;！!？?]$/.test(current) ? `${current}${phrase}` : `${current}；${phrase}`;
}

export async function saveHandlingPhrases(form: HandlingPhrasesSave): Promise<string> {
  return (await callWithMessage(HandlingPhraseCalls.save, { body: form })).msg;
}

/** An institution's list of a type goes back to the platform default's, which the server answers. */
export async function resetHandlingPhrases(form: HandlingPhrasesReset): Promise<{ group: HandlingPhraseGroup; msg: string }> {
  const { value, msg } = await callWithMessage(HandlingPhraseCalls.reset, { body: form });
  return { group: value, msg };
}
