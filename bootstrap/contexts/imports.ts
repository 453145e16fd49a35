import { ContainerModule } from 'inversify';
import { CliCommand } from '../../adapters/cli/cli';
import { ImportCommandUseCases, importCommands } from '../../adapters/cli/imports/import-commands';
import { RouteModule } from '../../adapters/http/app';
import type { ImportUseCases } from '../../adapters/http/imports/import-routes';
import { UpsertClients } from '../../application/clients/upsert-clients';
import { GetImport } from '../../application/imports/get-import';
import { ListImportRows } from '../../application/imports/list-import-rows';
import { ListImports } from '../../application/imports/list-imports';
import { ImportLimits, ReceiveImport } from '../../application/imports/receive-import';
import { RowWriters } from '../../application/imports/row-writers';
import { RunImports, RunImportsSettings } from '../../application/imports/run-imports';
import { SheetReader } from '../../application/imports/sheet-reader';
import { SheetRules } from '../../application/imports/sheet-rules';
import { UpsertLeads } from '../../application/projects/upsert-leads';
import { BackgroundWork } from '../../application/shared/background-work';
import { Logger } from '../../application/shared/logger';
import { Later, onFirstCall, wiring } from '../binding';
import { Config } from '../config';
import { TOKENS } from '../tokens';
import { IMPORT_TOKENS, PROJECT_TOKENS } from './tokens';

export { IMPORT_TOKENS };

const RUN_SETTINGS = Symbol('RunImportsSettings');

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`); and the sheets' reader and rules.
/* eslint-disable @typescript-eslint/no-require-imports */
const importRoutes = onFirstCall(
  () => (require('../../adapters/http/imports/import-routes') as typeof import('../../adapters/http/imports/import-routes')).importRoutes,
);
const csvSheetReader = () => require('../../adapters/imports/csv-sheet-reader') as typeof import('../../adapters/imports/csv-sheet-reader');
const sheetColumnRules = () => require('../../domain/imports/sheet-columns') as typeof import('../../domain/imports/sheet-columns');
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * File imports: received over HTTP (or by the operator's CLI), staged, and run in the background of every
 * server process through the batch upserts of the clients and projects contexts.
 */
export const importsContext = new ContainerModule(({ bind }) => {
  const { singleton, services, later } = wiring(bind);
  const T = IMPORT_TOKENS;
  const { UnitOfWork: uow, IdGenerator: ids, Clock: clock } = TOKENS;
  // The reader (csv-parse, iconv-lite) and the rules' tables are loaded by the first import, not by every command.
  bind<SheetReader>(T.SheetReader)
    .toResolvedValue(() => new (csvSheetReader().CsvSheetReader)())
    .inSingletonScope();
  bind<SheetRules>(T.SheetRules)
    .toResolvedValue((): SheetRules => {
      const sheetColumns = sheetColumnRules();
      return {
        headerRowIndex: sheetColumns.headerRowIndex,
        isBlankRow: sheetColumns.isBlankRow,
        planColumns: sheetColumns.planColumns,
        readClientRow: sheetColumns.readClientRow,
        readLeadRow: sheetColumns.readLeadRow,
      };
    })
    .inSingletonScope();
  bind<RowWriters>(T.RowWriters).toResolvedValue(
    (clients: Later<UpsertClients>, leads: Later<UpsertLeads>): RowWriters => ({ clients, leads }),
    [later(UpsertClients), later(UpsertLeads)],
  );
  bind<ImportLimits>(T.ImportLimits).toResolvedValue(
    (config: Config): ImportLimits => ({ maxRows: config.imports.maxRows }),
    [TOKENS.Config],
  );
  bind<RunImportsSettings>(RUN_SETTINGS).toResolvedValue(
    // A batch renews the lease; a node that stops is taken over after it, as the outbox's claims are.
    (config: Config): RunImportsSettings => ({ leaseMs: config.outbox.leaseMs, intervalMs: config.outbox.pollMs }),
    [TOKENS.Config],
  );
  singleton(RunImports, [
    uow,
    T.ImportRepository,
    T.RowWriters,
    T.SheetRules,
    ids,
    clock,
    later<Logger>(TOKENS.Logger),
    RUN_SETTINGS,
    TOKENS.RequestActivity,
  ]);
  bind<BackgroundWork>(TOKENS.BackgroundWork).toService(RunImports);
  singleton(ReceiveImport, [
    uow,
    T.ImportRepository,
    PROJECT_TOKENS.ProjectRepository,
    T.SheetReader,
    T.SheetRules,
    ids,
    clock,
    T.ImportLimits,
    RunImports,
  ]);
  singleton(GetImport, [T.ImportRepository]);
  singleton(ListImports, [T.ImportRepository]);
  singleton(ListImportRows, [T.ImportRepository]);
  bind<CliCommand[]>(TOKENS.CliCommands).toResolvedValue(
    (uc: () => ImportCommandUseCases) => importCommands(uc),
    [later(services({ receive: ReceiveImport, run: RunImports, rows: ListImportRows }))],
  );
  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(
    (useCases: ImportUseCases, config: Config) => importRoutes(useCases, { maxFileBytes: config.imports.maxBytes }),
    [services({ receive: ReceiveImport, get: GetImport, list: ListImports, rows: ListImportRows }), TOKENS.Config],
  );
});
