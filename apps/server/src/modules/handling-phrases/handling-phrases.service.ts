import { WARNING_TYPE_CODES, type HandlingPhraseGroup, type HandlingPhraseList, type HandlingPhrasesSave, type WarningTypeCode } from '@cvrisk/contracts';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { SessionUser } from '../session/session-user.js';
import type { HandlingPhraseRepository } from './handling-phrases.repository.js';

type Deps = { repo: HandlingPhraseRepository; audit: AuditRepository; now?: () => number };

/** Phrases per warning type; every type is answered, an emptied one with no phrases. */
export function createHandlingPhraseService({ repo, audit, now = Date.now }: Deps) {
  return {
    async list(warningType?: WarningTypeCode): Promise<HandlingPhraseList> {
      const rows = await repo.list(warningType);
      const types = warningType === undefined ? WARNING_TYPE_CODES : [warningType];
      return { list: types.map((code) => ({ warningType: code, phrases: rows.filter((r) => r.warning_type === code).map((r) => r.text) })) };
    },

    /** An administrator's edit is kept in the audit trail with the list it replaced. */
    async save(user: SessionUser, ip: string, form: HandlingPhrasesSave): Promise<HandlingPhraseGroup> {
      const before = (await repo.list(form.warningType)).map((r) => r.text);
      await repo.replace(form.warningType, form.phrases, { userId: user.id, at: now() });
      await audit.record(user, ip, { action: 'handlingPhrases.save', target: String(form.warningType), detail: { before, after: form.phrases } });
      return { warningType: form.warningType, phrases: form.phrases };
    },
  };
}

export type HandlingPhraseService = ReturnType<typeof createHandlingPhraseService>;
