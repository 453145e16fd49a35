import { GetImport } from '../../../application/imports/get-import';
import { ListImportRows } from '../../../application/imports/list-import-rows';
import { ListImports } from '../../../application/imports/list-imports';
import { ReceiveImport } from '../../../application/imports/receive-import';
import { IMPORT_ROW_STATUSES } from '../../../domain/imports/import';
import { RouteModule } from '../app';
import { Static, Type } from '../shared/body';
import { one } from '../shared/envelope';
import { operation } from '../shared/operation';
import { Ctx, pathId, teamOf } from '../shared/params';
import { Q, updatedSince } from '../shared/query';
import { getPage, resource } from '../shared/resource';
import { validator } from '../shared/validation';
import { importOptionsSchema, importUploadSchema } from './import-schemas';
import { readUpload } from './multipart-upload';
import { importRowSchema, importSchema, presentImport, presentImportRow } from './present-import';

export interface ImportUseCases {
  receive: ReceiveImport;
  get: GetImport;
  list: ListImports;
  rows: ListImportRows;
}

export interface ImportRouteSettings {
  /** IMPORT_MAX_BYTES: the largest file accepted. */
  maxFileBytes: number;
}

const TAG = 'Imports';

const readOptions = validator<Static<typeof importOptionsSchema>>(importOptionsSchema);

export function importRoutes(uc: ImportUseCases, settings: ImportRouteSettings): RouteModule {
  const imports = resource({ path: '/imports', tag: TAG, present: presentImport, schema: importSchema, name: 'Import' });
  return {
    operations: [
      operation({
        id: 'createImport',
        method: 'post',
        path: '/imports',
        tag: TAG,
        access: 'key',
        summary: 'Import clients or leads from a spreadsheet file',
        description:
          'A `multipart/form-data` upload: an `options` part (JSON), then a `file` part (CSV or TSV). The file is read as ' +
          'it arrives: its header is found among its first 10 rows, its columns matched to fields, its data rows kept. ' +
          'A file that cannot be imported (empty, not text, an unclosed quote, no header, no data rows, more rows than ' +
          '`IMPORT_MAX_ROWS`, a mapping to an unknown field, a required column missing) is 400 with `details.field` and ' +
          '`details.reason`, and nothing is kept; a file larger than `IMPORT_MAX_BYTES` is 413. Otherwise the import is ' +
          'answered 202 and runs in the background: follow it at `Location`.',
        multipart: {
          schema: importUploadSchema,
          description: 'The options first, then the file.',
          encoding: {
            options: { contentType: 'application/json' },
            file: { contentType: 'text/csv, text/plain, application/octet-stream' },
          },
        },
        success: { status: 202, description: 'Accepted: queued to run.', data: importSchema, name: 'Import' },
        errors: [400, 404, 409, 413, 415],
        async handle(ctx: Ctx) {
          const team = teamOf(ctx);
          const created = await readUpload(ctx, settings, readOptions, (options, file) =>
            uc.receive.execute(team, {
              resource: options.resource,
              projectId: options.project_id,
              mapping: options.mapping,
              onDuplicate: options.on_duplicate,
              dryRun: options.dry_run,
              file,
            }),
          );
          ctx.status = 202;
          ctx.set('Location', `/api/v1/imports/${created.id}`);
          ctx.body = one(presentImport(created));
        },
      }),
      imports.list({
        id: 'listImports',
        summary: "The team's imports, newest first",
        list: { sortable: ['created_at'] },
        query: Type.Object({ ...updatedSince('imports') }),
        success: 'A page of imports.',
        errors: [400],
        useCase: uc.list,
      }),
      imports.get({
        id: 'getImport',
        summary: 'An import: its status, totals and progress',
        success: 'The import.',
        errors: [404],
        useCase: uc.get,
      }),
      getPage({
        id: 'listImportRows',
        path: '/imports/:id/rows',
        tag: TAG,
        access: 'key',
        summary: "An import's rows in the file's order: each with its line, its cells, its outcome and its problems",
        list: { sortable: ['line'], defaultSort: 'line' },
        query: Type.Object({
          status: Q.oneOf(IMPORT_ROW_STATUSES, 'Only the rows with this outcome (`pending`: not run yet).'),
          ...updatedSince('rows'),
        }),
        scope: (ctx: Ctx) => ({ id: pathId(ctx) }),
        success: { description: 'A page of rows.', data: importRowSchema, name: 'ImportRow' },
        errors: [400, 404],
        useCase: uc.rows,
        present: presentImportRow,
      }),
    ],
  };
}
