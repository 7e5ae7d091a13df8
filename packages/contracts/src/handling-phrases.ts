import { z } from 'zod';
import { defineCall } from './api/call.js';
import { id, optional } from './fields.js';
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

/**
 * Whose phrases a call reads or writes. Phrases are kept per finance institution, and once for the
 * whole platform (平台默认): a type an institution never saved follows the platform's list.
 * `deptId` names a department: an institution, or one of its dealers or installers (meaning that
 * institution), or the platform (meaning the platform default). Absent, the caller's own: their
 * institution's, or the platform default for platform staff. Anyone but platform staff may only name
 * their own institution (another answers 404).
 */
const level = {
  deptId: optional(id()),
};

/**
 * GET getHandlingPhrases: one type's phrases, or every type's when none is named. `warningId` instead
 * of `deptId`: the phrases of that warning's institution (a warning in the caller's scope), which is
 * what the handling dialog offers.
 */
export const HandlingPhrasesQuery = z.object({ warningType: optional(warningTypeField()), ...level, warningId: optional(id()) });
export type HandlingPhrasesQuery = z.infer<typeof HandlingPhrasesQuery>;

/** One warning type's phrases, in the order the dialog shows them. */
export const HandlingPhraseGroup = z.object({
  warningType: WarningTypeCode,
  phrases: z.array(z.string()),
  /** The institution keeps no list of this type: these are the platform default's (always true when reading the default itself). */
  isDefault: z.boolean(),
});
export type HandlingPhraseGroup = z.infer<typeof HandlingPhraseGroup>;

export const HandlingPhraseInstitution = z.object({ id: z.number(), name: z.string() });
export type HandlingPhraseInstitution = z.infer<typeof HandlingPhraseInstitution>;

/** The name the console and the audit log give the platform-wide list. */
export const PLATFORM_DEFAULT_NAME = '平台默认';

export const HandlingPhraseList = z.object({
  list: z.array(HandlingPhraseGroup),
  /** The institution whose phrases these are; null: the platform default. */
  deptId: z.number().nullable(),
  /** Its name, or 平台默认. */
  deptName: z.string(),
  /** Whether the caller may change this list (an institution's administrator their own; platform administrators any, and the default). */
  editable: z.boolean(),
  /** The institutions the caller may pick from: every one for platform staff, their own otherwise. */
  institutions: z.array(HandlingPhraseInstitution),
  /** Platform staff: they may pick the platform default or any institution (others only ever see their own). */
  anyInstitution: z.boolean(),
});
export type HandlingPhraseList = z.infer<typeof HandlingPhraseList>;

/**
 * PUT saveHandlingPhrases: a type's whole list, replacing the one stored (an empty list is allowed),
 * for the caller's institution (or the platform default, for platform staff) unless `deptId` names
 * another the caller may change.
 */
export const HandlingPhrasesSave = z.object({
  ...level,
  warningType: warningTypeField(),
  phrases: z
    .array(HandlingPhrase, '常用语应为列表')
    .max(HANDLING_PHRASES_PER_TYPE, `每种预警类型最多${HANDLING_PHRASES_PER_TYPE}条常用语`)
    .refine((list) => new Set(list).size === list.length, '常用语不能重复'),
});
export type HandlingPhrasesSave = z.infer<typeof HandlingPhrasesSave>;

/** POST resetHandlingPhrases: an institution's list of a type is dropped, so it follows the platform default again. */
export const HandlingPhrasesReset = z.object({ ...level, warningType: warningTypeField() });
export type HandlingPhrasesReset = z.infer<typeof HandlingPhrasesReset>;

const TAG = '处理常用语';

/**
 * 处理常用语: short texts per warning type that the handling dialog offers besides free text. Each
 * finance institution's administrators (user:admin) keep their institution's, seen by it and its
 * dealers; platform administrators keep the platform default, which every institution without a list
 * of its own for a type gets, and may change any institution's.
 */
export const HandlingPhraseCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/report/riskWarning/getHandlingPhrases',
    summary: '预警处理常用语（按预警类型）：本机构的，未设置的类型为平台默认',
    tag: TAG,
    access: 'warning:handle',
    query: HandlingPhrasesQuery,
    reply: HandlingPhraseList,
  }),
  save: defineCall({
    method: 'PUT',
    path: '/api/report/riskWarning/saveHandlingPhrases',
    summary: '保存某预警类型的处理常用语（整组替换）：本机构的，或平台管理员保存平台默认或指定机构的',
    tag: TAG,
    access: 'user:admin',
    body: HandlingPhrasesSave,
    reply: HandlingPhraseGroup,
  }),
  reset: defineCall({
    method: 'POST',
    path: '/api/report/riskWarning/resetHandlingPhrases',
    summary: '金融机构某预警类型的处理常用语恢复为平台默认',
    tag: TAG,
    access: 'user:admin',
    body: HandlingPhrasesReset,
    reply: HandlingPhraseGroup,
  }),
};
