import { IMPORT_ROW_STATUSES, IMPORT_STATUSES, ImportData, ImportRowProblem, progressOf } from '../../../domain/imports/import';
import { ImportRowView } from '../../../application/imports/list-import-rows';
import { R, exactObject, nullable } from '../shared/documented';

const counts = (names: string[]) => exactObject(Object.fromEntries(names.map((n) => [n, { type: 'integer', minimum: 0 }])));

export const importSchema = exactObject({
  id: R.uuid,
  resource: R.enumOf(['clients', 'leads']),
  project_id: R.nullableUuid,
  status: R.enumOf(IMPORT_STATUSES),
  dry_run: R.boolean,
  on_duplicate: R.enumOf(['skip', 'update']),
  file: exactObject({
    name: R.string,
    encoding: R.string,
    separator: R.string,
    header_line: R.integer,
    columns: { type: 'array', items: exactObject({ header: R.string, field: R.nullableString }) },
  }),
  totals: counts(['rows', 'created', 'updated', 'unchanged', 'skipped', 'failed']),
  progress: exactObject({ processed: R.integer, total: R.integer, percent: { type: 'integer', minimum: 0, maximum: 100 } }),
  error: nullable(exactObject({ code: R.string, message: R.string })),
  created_at: R.dateTime,
  started_at: R.nullableDateTime,
  finished_at: R.nullableDateTime,
});

export const presentImport = (d: ImportData) => ({
  id: d.id,
  resource: d.resource,
  project_id: d.projectId,
  // Never `receiving`: such an import is not found (the repository leaves it out).
  status: d.status === 'receiving' ? 'queued' : d.status,
  dry_run: d.dryRun,
  on_duplicate: d.onDuplicate,
  file: {
    name: d.file.name,
    encoding: d.file.encoding,
    separator: d.file.separator,
    header_line: d.file.headerLine,
    columns: d.plan.headers.map((header, i) => ({ header, field: d.plan.fields[i] ?? null })),
  },
  totals: { ...d.totals },
  progress: progressOf(d.totals),
  error: d.error ? { code: d.error.code, message: d.error.message } : null,
  created_at: d.createdAt,
  started_at: d.startedAt,
  finished_at: d.finishedAt,
});

const problemSchema = exactObject({
  level: R.enumOf(['error', 'warning']),
  field: R.nullableString,
  column: R.nullableString,
  code: R.nullableString,
  message: R.string,
});

export const importRowSchema = exactObject({
  line: R.integer,
  row: { type: 'object', additionalProperties: R.string, description: 'The row as read: each cell under its column header.' },
  status: R.enumOf(IMPORT_ROW_STATUSES),
  record_id: R.nullableUuid,
  problems: { type: 'array', items: problemSchema },
});

const presentProblem = (p: ImportRowProblem) => ({
  level: p.level,
  field: p.field ?? null,
  column: p.column ?? null,
  code: p.code ?? null,
  message: p.message,
});

/** The cells under their headers: a cell past the header, or under an empty or repeated one, is named by its column. */
const cellsByHeader = (headers: string[], cells: string[]): Record<string, string> => {
  // No prototype: a header may read `__proto__`.
  const row = Object.create(null) as Record<string, string>;
  cells.forEach((cell, i) => {
    const header = headers[i]?.trim() ? headers[i] : `column ${i + 1}`;
    row[Object.hasOwn(row, header) ? `${header} (column ${i + 1})` : header] = cell;
  });
  return row;
};

export const presentImportRow = (r: ImportRowView) => ({
  line: r.line,
  row: cellsByHeader(r.headers, r.cells),
  status: r.status,
  record_id: r.recordId,
  problems: r.problems.map(presentProblem),
});
