import { sheetReaderFor } from '../../lib/sheet-reader.js';
import type { AppModule } from '../app-module.js';
import { createLoanImportRepository } from './loan-import.repository.js';
import { createLoanStagingRepository } from './loan-import-staging.repository.js';
import { loanImportRoutes } from './loan-import.routes.js';
import { createLoanImportService } from './loan-import.service.js';

/** Loans in from a sheet (a job the console polls) or an integration's JSON. */
export const loanImportModule: AppModule = async (app, { db, bulk, shared, config }) => {
  // The console's progress polls read the job beside the import's write transactions, not behind them.
  const repo = createLoanImportRepository(db, bulk);
  const imports = createLoanImportService(
    db, repo, createLoanStagingRepository(db), shared.integrationKeys(), () => shared.customerCounts().invalidate(), sheetReaderFor(config.sheetImport),
  );
  // An import a stop interrupted fails if it was still being checked, and resumes if it was being saved.
  await imports.resumeInterrupted((err) => app.log.error({ err }, 'loan import failed'));
  loanImportRoutes(app, imports, repo);
};
