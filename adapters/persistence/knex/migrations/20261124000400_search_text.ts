import { Knex } from 'knex';

// A `search_text` column on every searchable table: the searched fields folded once, when the row is
// written, so that search compares already-folded text and never a database's own lower() (SQLite's
// knows only ASCII, PostgreSQL's differs from JavaScript's). A later index (pg_trgm, FTS5 trigram) goes
// on this column. Existing rows are backfilled here.

// A frozen copy of the fold and of the layout of domain/shared/search-text.ts as they were when this
// migration shipped: a migration never imports live code, so that it runs the same forever. The
// repositories write the column with the live function from then on.
const FIELD_SEPARATOR = '\u001f';
const KEYS_MARKER = '\u001e';

const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\p{Cc}/gu, ' ');

const joined = (values: unknown[]): string =>
  values
    .filter((v): v is string => typeof v === 'string')
    .map(fold)
    .join(FIELD_SEPARATOR);

const searchText = (fields: unknown[], keys: unknown[] = []): string => {
  const keyText = joined(keys);
  return keyText ? `${joined(fields)}${KEYS_MARKER}${keyText}` : joined(fields);
};

type Row = Record<string, unknown>;

/** The searched fields of each table at the time of this migration, and the keys found by bare digits. */
const TABLES: Record<string, { columns: string[]; text: (r: Row) => string }> = {
  clients: { columns: ['name', 'email', 'cpf', 'cnpj'], text: (r) => searchText([r.name, r.email, r.cpf, r.cnpj], [r.cpf, r.cnpj]) },
  deals: { columns: ['title', 'description'], text: (r) => searchText([r.title, r.description]) },
  projects: { columns: ['name', 'description'], text: (r) => searchText([r.name, r.description]) },
  project_leads: {
    columns: ['full_name', 'email', 'phone'],
    text: (r) => searchText([r.full_name, r.email, r.phone], [typeof r.phone === 'string' ? r.phone.replace(/\D/g, '') : null]),
  },
  tasks: { columns: ['title', 'description'], text: (r) => searchText([r.title, r.description]) },
  activities: { columns: ['title', 'description'], text: (r) => searchText([r.title, r.description]) },
  campaigns: { columns: ['name', 'description'], text: (r) => searchText([r.name, r.description]) },
  whatsapp_contacts: { columns: ['phone', 'custom_name', 'push_name'], text: (r) => searchText([r.phone, r.custom_name, r.push_name]) },
};

const BATCH = 500;

async function backfill(knex: Knex, table: string, spec: (typeof TABLES)[string]): Promise<void> {
  let after: { team_id: string; id: string } | null = null;
  for (;;) {
    const qb = knex(table)
      .select('team_id', 'id', ...spec.columns)
      .orderBy([{ column: 'team_id' }, { column: 'id' }])
      .limit(BATCH);
    if (after) {
      const last: { team_id: string; id: string } = after;
      qb.where((w) => {
        w.where('team_id', '>', last.team_id).orWhere((x) => {
          x.where('team_id', last.team_id).andWhere('id', '>', last.id);
        });
      });
    }
    const rows = (await qb) as Row[];
    for (const r of rows) {
      await knex(table)
        .where({ team_id: r.team_id, id: r.id })
        .update({ search_text: spec.text(r) });
    }
    if (rows.length < BATCH) return;
    const tail = rows[rows.length - 1];
    after = { team_id: tail.team_id as string, id: tail.id as string };
  }
}

export async function up(knex: Knex): Promise<void> {
  for (const [table, spec] of Object.entries(TABLES)) {
    await knex.schema.alterTable(table, (t) => {
      t.text('search_text').notNullable().defaultTo('');
    });
    await backfill(knex, table, spec);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(TABLES)) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('search_text');
    });
  }
}
