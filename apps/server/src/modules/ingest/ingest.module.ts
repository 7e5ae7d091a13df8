import type { AppModule } from '../app-module.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { createIngestRepository } from './ingest.repository.js';
import { ingestRoutes } from './ingest.routes.js';
import { createIngestService } from './ingest.service.js';

/** Positions from other platforms by API key, through the same pipeline as the gateway's; the keys' administration. */
export const ingestModule: AppModule = (app, { db, telemetry, shared }) =>
  ingestRoutes(
    app,
    createIngestService({ db, repo: createIngestRepository(db), keys: shared.integrationKeys(), audit: createAuditRepository(db), pipeline: telemetry.sink, devices: telemetry.devices }),
  );
