/** The searchable record kinds whose stored search text an index serves. */
export const SEARCH_INDEXES = ['clients', 'leads', 'deals', 'tasks', 'whatsappContacts'] as const;
export type SearchIndex = (typeof SEARCH_INDEXES)[number];

/**
 * The search indexes beside the records, where a storage keeps one that holds removed text until it is
 * merged (SQLite's FTS5 keeps a deleted term in its segments). `compact` rewrites the named ones so that
 * nothing removed from the records is left in them: after a personal data erasure. It rewrites each index
 * whole, under the write lock: for rare use, inside a unit of work.
 */
export interface SearchIndexes {
  compact(indexes: readonly SearchIndex[]): Promise<void>;
}
