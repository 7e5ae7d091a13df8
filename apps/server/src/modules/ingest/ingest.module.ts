import type { AppModule } from '../app-module.js';
import { createIngestRepository } from './ingest.repository.js';
import { ingestRoutes } from './ingest.routes.js';
import { createIngestService } from './ingest.service.js';

/** Positions from other platforms by API key, through the same pipeline as the gateway's. */
export const ingestModule: AppModule = (app, { db, telemetry }) =>
  ingestRoutes(app, createIngestService(createIngestRepository(db), telemetry.sink, telemetry.devices));
