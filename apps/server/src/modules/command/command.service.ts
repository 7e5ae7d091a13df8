import { COMMAND_IDS, formatTime, type CommandItem, type CommandName, type CommandState, type EqCommand } from '@cvrisk/contracts';
import { badInput, notFound } from '../../lib/errors.js';
import type { CommandChannel, CommandStore } from '../../telemetry/commands/command-store.js';
import type { SessionUser } from '../session/session-user.js';
import type { CommandRepository } from './command.repository.js';

const NAME_OF = Object.fromEntries(Object.entries(COMMAND_IDS).map(([name, id]) => [id, name])) as Record<number, CommandName>;
const time = (ms: number | null) => (ms === null ? null : formatTime(ms));

export function createCommandService(repo: CommandRepository, store: CommandStore, channel: () => CommandChannel) {
  async function listFor(deviceId: number, deviceNumber: string, limit: number): Promise<CommandItem[]> {
    const rows = await store.list(deviceId, limit);
    return rows.map((r) => ({
      id: r.id, deviceNumber, command: NAME_OF[r.command]!, params: JSON.parse(r.params) as Record<string, unknown>,
      state: r.state as CommandState, reply: r.reply, createdAt: formatTime(r.created_at), sentAt: time(r.sent_at), answeredAt: time(r.answered_at),
    }));
  }

  return {
    /** Stores the command, then sends it if the terminal is online; otherwise it waits for the next connection. */
    async send(user: SessionUser, cmd: EqCommand): Promise<CommandItem> {
      const device = await repo.deviceInScope(user.scope, cmd.deviceNumber);
      if (!device) throw notFound('设备不存在');
      // A retired terminal is refused by the gateway: a command for it would wait for a connection that never comes.
      if (device.retired_at !== null) throw badInput(`设备${device.device_number}已报废，不能下发指令`);
      const { deviceNumber: _n, command, ...params } = cmd;
      const id = await store.create(device.id, COMMAND_IDS[command], params, user.id);
      await channel().deliver(device.device_number, { id, device_id: device.id, command: COMMAND_IDS[command], params: JSON.stringify(params), state: 'queued' });
      const [item] = (await listFor(device.id, device.device_number, 1)).filter((c) => c.id === id);
      return item!;
    },

    async list(user: SessionUser, deviceNumber: string, limit: number): Promise<CommandItem[]> {
      const device = await repo.deviceInScope(user.scope, deviceNumber);
      if (!device) throw notFound('设备不存在');
      return listFor(device.id, device.device_number, limit);
    },
  };
}

export type CommandService = ReturnType<typeof createCommandService>;
