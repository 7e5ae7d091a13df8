import {
  PLATFORM_DEFAULT_NAME, WARNING_TYPE_CODES, warningTypeName,
  type HandlingPhraseGroup, type HandlingPhraseList, type HandlingPhrasesQuery, type HandlingPhrasesReset, type HandlingPhrasesSave, type WarningTypeCode,
} from '@cvrisk/contracts';
import { badInput, notFound } from '../../lib/errors.js';
import type { AuditedWrite } from '../audit/audited-write.js';
import { PLATFORM_SETTINGS, type SettingsLevel, type SettingsLevels } from '../settings/institution-settings.js';
import type { SessionUser } from '../session/session-user.js';
import type { HandlingPhraseRepository } from './handling-phrases.repository.js';

type Deps = { repo: HandlingPhraseRepository; write: AuditedWrite<HandlingPhraseRepository>; levels: SettingsLevels };

const REFUSED = '只有本机构的管理员可以修改本机构的处理常用语，平台默认常用语只有平台管理员可以修改';

const nameOf = (level: SettingsLevel) => level?.name ?? PLATFORM_DEFAULT_NAME;

/**
 * Phrases per warning type, per finance institution, falling back type by type to the platform
 * default (institution-settings.ts decides who reads and changes which). Every type is answered, an
 * emptied one with no phrases.
 */
export function createHandlingPhraseService({ repo, write, levels }: Deps) {
  /** The lists in force at this level for these types: the institution's own, else the platform default's. */
  async function groups(level: SettingsLevel, types: readonly WarningTypeCode[]): Promise<HandlingPhraseGroup[]> {
    const stored = await repo.stored(level ? [PLATFORM_SETTINGS, level.id] : [PLATFORM_SETTINGS], types);
    const at = (deptId: number, code: number) => stored.find((s) => s.deptId === deptId && s.warningType === code)?.phrases;
    return types.map((code) => {
      const own = level ? at(level.id, code) : undefined;
      return { warningType: code, phrases: own ?? at(PLATFORM_SETTINGS, code) ?? [], isDefault: own === undefined };
    });
  }

  /** The level a read names: a warning's institution, a department's, or the caller's own. */
  async function readLevel(user: SessionUser, q: HandlingPhrasesQuery): Promise<SettingsLevel> {
    if (q.warningId === undefined) return levels.resolve(user, q.deptId);
    if (q.deptId !== undefined) throw badInput('参数错误：deptId 与 warningId 只能指定一个');
    const deptId = await repo.warningDept(user.scope, q.warningId);
    if (deptId === undefined) throw notFound('预警不存在');
    return levels.resolve(user, deptId);
  }

  const target = (level: SettingsLevel, code: WarningTypeCode) => `${nameOf(level)} ${warningTypeName(code)}`;

  return {
    async list(user: SessionUser, q: HandlingPhrasesQuery): Promise<HandlingPhraseList> {
      const level = await readLevel(user, q);
      return {
        list: await groups(level, q.warningType === undefined ? WARNING_TYPE_CODES : [q.warningType]),
        deptId: level?.id ?? null,
        deptName: nameOf(level),
        editable: levels.editable(user, level, 'user:admin'),
        institutions: await levels.institutions(user),
        anyInstitution: user.scope.kind === 'all',
      };
    },

    /** An administrator's edit is kept in the audit trail, in the same transaction, with the list it replaced. */
    async save(user: SessionUser, ip: string, form: HandlingPhrasesSave): Promise<HandlingPhraseGroup> {
      const level = await levels.writable(user, form.deptId, 'user:admin', REFUSED);
      const [before] = await groups(level, [form.warningType]);
      await write(async (tx, audit) => {
        await tx.replace(level?.id ?? PLATFORM_SETTINGS, form.warningType, form.phrases);
        await audit.record(user, ip, {
          action: 'handlingPhrases.save',
          target: target(level, form.warningType),
          detail: { deptId: level?.id ?? null, warningType: form.warningType, before: before!.phrases, after: form.phrases },
        });
      });
      return { warningType: form.warningType, phrases: form.phrases, isDefault: level === null };
    },

    /** An institution's list of the type goes: it follows the platform default again (and its later changes). */
    async reset(user: SessionUser, ip: string, form: HandlingPhrasesReset): Promise<HandlingPhraseGroup> {
      const level = await levels.writable(user, form.deptId, 'user:admin', REFUSED);
      if (level === null) throw badInput('平台默认常用语没有可恢复的默认值，请直接修改');
      const [before] = await groups(level, [form.warningType]);
      if (!before!.isDefault) {
        await write(async (tx, audit) => {
          await tx.remove(level.id, form.warningType);
          await audit.record(user, ip, {
            action: 'handlingPhrases.reset',
            target: target(level, form.warningType),
            detail: { deptId: level.id, warningType: form.warningType, before: before!.phrases },
          });
        });
      }
      return (await groups(level, [form.warningType]))[0]!;
    },
  };
}

export type HandlingPhraseService = ReturnType<typeof createHandlingPhraseService>;
