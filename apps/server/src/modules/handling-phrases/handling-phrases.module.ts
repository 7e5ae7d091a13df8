import type { AppModule } from '../app-module.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { createHandlingPhraseRepository } from './handling-phrases.repository.js';
import { handlingPhraseRoutes } from './handling-phrases.routes.js';
import { createHandlingPhraseService } from './handling-phrases.service.js';

/** 处理常用语: the handling dialog's phrases per warning type. */
export const handlingPhrasesModule: AppModule = (app, { db }) => {
  handlingPhraseRoutes(app, createHandlingPhraseService({ repo: createHandlingPhraseRepository(db), audit: createAuditRepository(db) }));
};
