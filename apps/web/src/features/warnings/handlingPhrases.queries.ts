import { HandlingPhraseCalls, type HandlingPhraseGroup, type HandlingPhrasesSave } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

export const HANDLING_PHRASES_KEY = 'handlingPhrases';

/**
 * Every type's phrases at once (a few hundred bytes), read when a handling dialog first opens. Silent:
 * without them the dialog still takes free text.
 */
export function handlingPhrasesQuery() {
  return queryOptions({
    queryKey: [HANDLING_PHRASES_KEY],
    queryFn: ({ signal }) => call(HandlingPhraseCalls.list, { query: {} }, { signal, silent: true }),
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
