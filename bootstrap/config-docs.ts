// `npm run docs:config`: writes the configuration table of docs/operations.md from the settings' schema
// (`SETTINGS` in config.ts), between the doc's two markers, so that the table never says what the code
// does not read. `npm run docs:config -- --check` changes nothing and exits 1 when the doc is behind.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configReference } from './config';

/** The doc that holds the table, from the repository's root. */
export const CONFIG_DOC = join('docs', 'operations.md');
export const TABLE_START =
  '<!-- config-table: written by `npm run docs:config` from bootstrap/config.ts; edit the schema, not the table -->';
export const TABLE_END = '<!-- /config-table -->';

/** Where the table sits in `doc`: after the start marker's line, up to the end marker. */
const bounds = (doc: string): { from: number; to: number } => {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${CONFIG_DOC} has no ${TABLE_START} … ${TABLE_END} markers`);
  return { from: start + TABLE_START.length, to: end };
};

/** The table between the markers of `doc`, as written there. */
export const configTableIn = (doc: string): string => {
  const { from, to } = bounds(doc);
  return doc.slice(from, to).trim();
};

/** `doc` with the table between its markers generated again from the schema. */
export const withConfigTable = (doc: string): string => {
  const { from, to } = bounds(doc);
  // Blank lines around the table keep the markers (HTML comments) from running into it.
  return `${doc.slice(0, from)}\n\n${configReference()}\n\n${doc.slice(to)}`;
};

function main(): void {
  const file = join(__dirname, '..', CONFIG_DOC);
  const doc = readFileSync(file, 'utf8');
  const next = withConfigTable(doc);
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      process.stderr.write(`${CONFIG_DOC}: the configuration table differs from the schema; run npm run docs:config\n`);
      process.exit(1);
    }
    return;
  }
  if (next !== doc) writeFileSync(file, next);
  process.stdout.write(`${CONFIG_DOC}${next === doc ? ' (unchanged)' : ''}\n`);
}

if (require.main === module) {
  try {
    main();
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
