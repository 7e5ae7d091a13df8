import { sheetReaderFor } from '../../lib/sheet-reader.js';
import type { AppModule } from '../app-module.js';
import { createLoanImportRepository } from './loan-import.repository.js';
import { loanImportRoutes } from './loan-import.routes.js';
import { createLoanImportService } from './loan-import.service.js';

/** Loans in from a sheet (a job the console polls) or an integration's JSON. */
export const loanImportModule: AppModule = async (app, { db, bulk, shared, config }) => {
  // The console's progress polls read the job beside the import's write transaction, not behind it.
  const repo = createLoanImportRepository(db, bulk);
  const imports = createLoanImportService(db, repo, shared.integrationKeys(), () => shared.customerCounts().invalidate(), sheetReaderFor(config.sheetImport));
  // An import a crash interrupted stored nothing (one transaction): say so rather than leave it running.
  await imports.failInterrupted();
  loanImportRoutes(app, imports, repo);
};
