import { HandlingPhraseCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { HandlingPhraseService } from './handling-phrases.service.js';

/** 处理常用语: read by whoever handles warnings, kept by each institution's administrators and, for the platform default, the platform's. */
export function handlingPhraseRoutes(app: FastifyInstance, phrases: HandlingPhraseService): void {
  route(app, HandlingPhraseCalls.list, async ({ user, query }) => phrases.list(user, query));
  route(app, HandlingPhraseCalls.save, async ({ user, body, request }) => said('常用语已保存', await phrases.save(user, request.ip, body)));
  route(app, HandlingPhraseCalls.reset, async ({ user, body, request }) => said('已恢复为平台默认常用语', await phrases.reset(user, request.ip, body)));
}
