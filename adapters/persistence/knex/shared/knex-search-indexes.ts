import { SearchIndex, SearchIndexes } from '../../../../application/shared/search-indexes';
import { KnexDatabase } from './knex-database';

/** The FTS5 index of each searchable table on SQLite (migration 20261125000100_search_fts). */
export const FTS_TABLES: Record<SearchIndex, string> = {
  clients: 'clients_search_fts',
  leads: 'project_leads_search_fts',
  deals: 'deals_search_fts',
  tasks: 'tasks_search_fts',
  whatsappContacts: 'whatsapp_contacts_search_fts',
};

/**
 * SQLite: FTS5's `optimize` merges an index's segments into one, dropping the entries of deleted text that
 * an update leaves behind until a merge. PostgreSQL: nothing to do, a trigram index holds only live rows'
 * entries (dead ones go with VACUUM, as the rows do).
 */
export class KnexSearchIndexes implements SearchIndexes {
  constructor(private readonly database: KnexDatabase) {}

  async compact(indexes: readonly SearchIndex[]): Promise<void> {
    if (this.database.dialect !== 'sqlite') return;
    await this.database.transaction(async () => {
      for (const index of new Set(indexes)) {
        const fts = FTS_TABLES[index];
        await this.database.db.raw(`insert into ${fts}(${fts}) values ('optimize')`);
      }
    });
  }
}
