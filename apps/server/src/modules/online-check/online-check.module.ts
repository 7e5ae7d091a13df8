import type { AppModule } from '../app-module.js';
import { createCommandRepository } from '../command/command.repository.js';
import { createCommandService } from '../command/command.service.js';
import { onlineCheckRoutes } from './online-check.routes.js';
import { createOnlineCheckRepository } from './online-check.repository.js';
import { createOnlineCheckService } from './online-check.service.js';

/**
 * The online spot check. Its position queries go through the command module's service over the same
 * store and channel (the service keeps no state of its own), so there is one way to a terminal.
 */
export const onlineCheckModule: AppModule = (app, { db, telemetry, shared }) => {
  const commands = createCommandService(createCommandRepository(db), telemetry.commands, () => telemetry.channel);
  onlineCheckRoutes(app, createOnlineCheckService(createOnlineCheckRepository(db), shared.deviceService(), commands));
};
