import { z } from 'zod';
import { defineCall } from './api/call.js';
import { optional } from './fields.js';
import { DEAL_DESCRIPTION_MIN } from './warning-list.js';
import { WarningTypeCode, warningTypeField } from './warning.js';

/**
 * A phrase is short enough that two fit in one handling text (at most 100 characters), and long
 * enough to be a handling text on its own.
 */
export const HANDLING_PHRASE_MIN = DEAL_DESCRIPTION_MIN;
export const HANDLING_PHRASE_MAX = 50;
/** More than this many chips per type would be a list to read, not a phrase to pick. */
export const HANDLING_PHRASES_PER_TYPE = 10;

export const HandlingPhrase = z
  .string('常用语应为文字')
  .trim()
  .min(HANDLING_PHRASE_MIN, `每条常用语至少${HANDLING_PHRASE_MIN}个字`)
  .max(HANDLING_PHRASE_MAX, `每条常用语最多${HANDLING_PHRASE_MAX}个字`);

/** GET getHandlingPhrases: one type's phrases, or every type's when none is named. */
export const HandlingPhrasesQuery = z.object({ warningType: optional(warningTypeField()) });
export type HandlingPhrasesQuery = z.infer<typeof HandlingPhrasesQuery>;

/** One warning type's phrases, in the order the dialog shows them. */
export const HandlingPhraseGroup = z.object({ warningType: WarningTypeCode, phrases: z.array(z.string()) });
export type HandlingPhraseGroup = z.infer<typeof HandlingPhraseGroup>;

export const HandlingPhraseList = z.object({ list: z.array(HandlingPhraseGroup) });
export type HandlingPhraseList = z.infer<typeof HandlingPhraseList>;

/** PUT saveHandlingPhrases: a type's whole list, replacing the one stored (an empty list is allowed). */
export const HandlingPhrasesSave = z.object({
  warningType: warningTypeField(),
  phrases: z
    .array(HandlingPhrase, '常用语应为列表')
    .max(HANDLING_PHRASES_PER_TYPE, `每种预警类型最多${HANDLING_PHRASES_PER_TYPE}条常用语`)
    .refine((list) => new Set(list).size === list.length, '常用语不能重复'),
});
export type HandlingPhrasesSave = z.infer<typeof HandlingPhrasesSave>;

const TAG = '处理常用语';

/**
 * 处理常用语: short texts per warning type that the handling dialog offers besides free text. The
 * same for every department; platform administrators (user:admin) keep them.
 */
export const HandlingPhraseCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/report/riskWarning/getHandlingPhrases',
    summary: '预警处理常用语（按预警类型）',
    tag: TAG,
    access: 'warning:handle',
    query: HandlingPhrasesQuery,
    reply: HandlingPhraseList,
  }),
  save: defineCall({
    method: 'PUT',
    path: '/api/report/riskWarning/saveHandlingPhrases',
    summary: '保存某预警类型的处理常用语（整组替换）',
    tag: TAG,
    access: 'user:admin',
    body: HandlingPhrasesSave,
    reply: HandlingPhraseGroup,
  }),
};
