import { HandlingPhraseCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { HandlingPhraseService } from './handling-phrases.service.js';

/** 处理常用语: read by whoever handles warnings, kept by platform administrators. */
export function handlingPhraseRoutes(app: FastifyInstance, phrases: HandlingPhraseService): void {
  route(app, HandlingPhraseCalls.list, async ({ query }) => phrases.list(query.warningType));
  route(app, HandlingPhraseCalls.save, async ({ user, body, request }) => said('常用语已保存', await phrases.save(user, request.ip, body)));
}
