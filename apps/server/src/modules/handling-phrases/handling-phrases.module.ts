import type { AppModule } from '../app-module.js';
import { auditedWrite } from '../audit/audited-write.js';
import { createInstitutionRepository, createSettingsLevels } from '../settings/institution-settings.js';
import { createHandlingPhraseRepository } from './handling-phrases.repository.js';
import { handlingPhraseRoutes } from './handling-phrases.routes.js';
import { createHandlingPhraseService } from './handling-phrases.service.js';

/** 处理常用语: the handling dialog's phrases per warning type, per finance institution over a platform default. */
export const handlingPhrasesModule: AppModule = (app, { db }) => {
  handlingPhraseRoutes(app, createHandlingPhraseService({
    repo: createHandlingPhraseRepository(db),
    write: auditedWrite(db, createHandlingPhraseRepository),
    levels: createSettingsLevels(createInstitutionRepository(db)),
  }));
};
