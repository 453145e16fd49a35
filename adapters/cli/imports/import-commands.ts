import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { ListImportRows } from '../../../application/imports/list-import-rows';
import { ReceiveImport } from '../../../application/imports/receive-import';
import { RunImports } from '../../../application/imports/run-imports';
import { ImportData, processedOf } from '../../../domain/imports/import';
import { ImportResource } from '../../../domain/imports/import-rows';
import { ValidationFailed } from '../../../domain/shared/errors';
import { CliCommand, TEAM_FLAG } from '../cli';

export interface ImportCommandUseCases {
  receive: ReceiveImport;
  run: RunImports;
  rows: ListImportRows;
}

/** Loaded when a command runs: declaring the commands (for help) loads no HTTP schema. */
const presenters = () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a command runs, as said above
  Promise.resolve(require('../../http/imports/present-import') as typeof import('../../http/imports/present-import'));

/** The failed rows the report lists (the rest are read with GET /imports/:id/rows?status=failed). */
const REPORTED_FAILURES = 50;

/** Where the progress bar goes: a terminal's stderr, redrawn in place; nothing when stderr is not a terminal. */
export interface ProgressOutput {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** `[########------] 42 % 4 200 / 10 000 rows`, redrawn on one line; `end` leaves the line for the report. */
export function progressBar(output: ProgressOutput): { update(data: ImportData): void; end(): void } {
  if (!output.isTTY) return { update: () => {}, end: () => {} };
  let drawn = false;
  return {
    update(data) {
      const total = data.totals.rows;
      const done = processedOf(data.totals);
      const percent = total === 0 ? 100 : Math.floor((done * 100) / total);
      const width = Math.max(10, Math.min(40, (output.columns ?? 80) - 40));
      const filled = Math.round((width * percent) / 100);
      output.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)} % ${done} / ${total} rows`);
      drawn = true;
    },
    end() {
      if (drawn) output.write('\n');
    },
  };
}

const isMapping = (v: unknown): v is Record<string, string | null> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((f) => f === null || typeof f === 'string');

export function importCommands(uc: () => ImportCommandUseCases, progress: ProgressOutput = process.stderr): CliCommand[] {
  return [
    {
      name: 'import',
      description:
        "Import a team's clients, or a project's leads, from a CSV or TSV file as Excel, Google Sheets or a CRM export it, in this process, and print the report.",
      flags: [
        TEAM_FLAG,
        { name: 'resource', type: 'string', required: true, choices: ['clients', 'leads'], description: 'What each row of the file is.' },
        { name: 'project', type: 'uuid', value: 'ID', description: 'The project the leads go to (required with --resource leads).' },
        {
          name: 'file',
          type: 'string',
          required: true,
          value: 'FILE',
          description: 'The file: separator, encoding (UTF-8, with or without BOM, or Windows-1252) and header row are detected.',
        },
        { name: 'dry-run', type: 'boolean', description: 'Read and decide every row, report, and write no record.' },
        {
          name: 'on-duplicate',
          type: 'string',
          choices: ['skip', 'update'],
          description:
            'A row naming a record the team has (CPF/CNPJ or e-mail; a lead by phone or e-mail): skip it (the default) or update it.',
        },
        {
          name: 'mapping',
          type: 'json',
          description: 'Column header → field, or null to leave a column out, over the columns recognised by their header.',
        },
      ],
      example: 'workspace-admin import --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b --resource clients --file clientes.csv --dry-run',
      run: async (a) => {
        const path = a.required('file');
        const resource = a.required('resource') as ImportResource;
        if (resource === 'leads' && !a.given('project'))
          throw new ValidationFailed('--project is required with --resource leads', 'project');
        let isFile = false;
        try {
          isFile = statSync(path).isFile();
        } catch {
          // reported below
        }
        if (!isFile) throw new ValidationFailed(`--file ${path} is not a file that can be read`, 'file');
        const mapping = a.json<unknown>('mapping');
        if (mapping !== undefined && !isMapping(mapping)) {
          throw new ValidationFailed('--mapping must be a JSON object of column header → field name or null', 'mapping');
        }
        const team = a.team();
        const received = await uc().receive.execute(team, {
          resource,
          projectId: a.optionalUuid('project') ?? null,
          mapping,
          onDuplicate: (a.optional('on-duplicate') as 'skip' | 'update' | undefined) ?? 'skip',
          dryRun: a.flag('dry-run'),
          file: { name: basename(path), bytes: createReadStream(path) },
        });
        const bar = progressBar(progress);
        let ended: ImportData;
        try {
          ended = await uc().run.runToEnd(team, received.id, (data) => bar.update(data));
        } finally {
          bar.end();
        }
        const failed = await uc().rows.execute(team, {
          id: ended.id,
          status: 'failed',
          query: { page: 1, limit: REPORTED_FAILURES, sort: { field: 'line', descending: false } },
        });
        const { presentImport, presentImportRow } = await presenters();
        return { ...presentImport(ended), failed_rows: failed.items.map(presentImportRow) };
      },
      // An import that failed (its rows done so far are kept and counted) exits 1; failed rows alone do not.
      failed: (result) => (result as { status: string }).status === 'failed',
    },
  ];
}
