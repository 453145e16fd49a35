import { Knex } from 'knex';
import { isPostgres } from './dialect';

// SQLite: an FTS5 trigram index over the folded search_text of the tables PostgreSQL serves from pg_trgm
// (20261124001000_search_trigram), so that a search of three characters or more narrows to the rows the
// index finds instead of scanning the team's rows. The matches do not change: the exact LIKE still judges
// every row the index gives.
//
// Each index is an external-content FTS5 table (`<table>_search_fts`, content=<table>, keyed by the base
// row's rowid): it stores only the index, not a second copy of the text. Triggers on the base table keep it
// in step, so every writer does, plain SQL ones included (the benchmark seed clones deals that way).
// `case_sensitive 1`: the text is folded already, so the index compares characters as they are, like the
// LIKE after it. The rows that exist are indexed with 'rebuild'.
//
// A later migration that rebuilds one of these tables (a copy under a new name, as SQLite needs for some
// column changes) drops its triggers and renumbers its rows: it must create the triggers again and rebuild.
// PostgreSQL: nothing to do.

const TABLES = ['deals', 'clients', 'project_leads', 'tasks', 'whatsapp_contacts'];

export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) return;
  for (const table of TABLES) {
    const fts = `${table}_search_fts`;
    await knex.raw(
      `create virtual table ${fts} using fts5(search_text, content='${table}', content_rowid='rowid', tokenize='trigram case_sensitive 1')`,
    );
    // An external-content index is told the old text to remove it: 'delete' with the values it indexed.
    await knex.raw(`create trigger ${fts}_insert after insert on ${table} begin
      insert into ${fts}(rowid, search_text) values (new.rowid, new.search_text);
    end`);
    await knex.raw(`create trigger ${fts}_delete after delete on ${table} begin
      insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);
    end`);
    // Repositories write every column on update; most updates (a deal moved, a task ticked) keep the text,
    // and those leave the index alone.
    await knex.raw(`create trigger ${fts}_update after update on ${table}
      when old.search_text is not new.search_text or old.rowid is not new.rowid begin
      insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into ${fts}(rowid, search_text) values (new.rowid, new.search_text);
    end`);
    await knex.raw(`insert into ${fts}(${fts}) values ('rebuild')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (isPostgres(knex)) return;
  for (const table of TABLES) {
    const fts = `${table}_search_fts`;
    for (const event of ['insert', 'delete', 'update']) await knex.raw(`drop trigger if exists ${fts}_${event}`);
    await knex.raw(`drop table if exists ${fts}`);
  }
}
