import { COMMAND_LABELS, COMMAND_STATE_LABELS, CommandListQuery, EqCommand } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { CommandService } from './command.service.js';

export function commandRoutes(app: FastifyInstance, commands: CommandService): void {
  app.post('/api/device/eqCommand', { config: { permission: 'device:command' } }, async (request) => {
    const item = await commands.send(userOf(request), parse(EqCommand, request.body));
    return ok(item, `${COMMAND_LABELS[item.command].zh}：${COMMAND_STATE_LABELS[item.state].zh}`);
  });

  // The command history of one device, so the operator sees what happened to each command.
  app.get('/api/device/eqCommandList', { config: { permission: 'device:view' } }, async (request) => {
    const q = parse(CommandListQuery, request.query);
    return ok(await commands.list(userOf(request), q.deviceNumber, q.limit));
  });
}
