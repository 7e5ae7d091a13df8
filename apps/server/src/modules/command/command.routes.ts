import { COMMAND_LABELS, COMMAND_STATE_LABELS, CommandCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { CommandService } from './command.service.js';

export function commandRoutes(app: FastifyInstance, commands: CommandService): void {
  route(app, CommandCalls.send, async ({ user, body }) => {
    const item = await commands.send(user, body);
    return said(`${COMMAND_LABELS[item.command].zh}：${COMMAND_STATE_LABELS[item.state].zh}`, item);
  });

  // The command history of one device, so the operator sees what happened to each command.
  route(app, CommandCalls.list, async ({ user, query }) => commands.list(user, query.deviceNumber, query.limit));
}
