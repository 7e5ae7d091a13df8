import type { AppModule } from '../app-module.js';
import { commandRoutes } from './command.routes.js';
import { createCommandRepository } from './command.repository.js';
import { createCommandService } from './command.service.js';

/** Commands to terminals: queued in the database, sent on the terminal's connection when it has one. */
export const commandModule: AppModule = (app, { db, telemetry }) => commandRoutes(app, createCommandService(createCommandRepository(db), telemetry.commands, () => telemetry.channel));
