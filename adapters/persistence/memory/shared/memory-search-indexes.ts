import { SearchIndexes } from '../../../../application/shared/search-indexes';
import { MemoryStore } from './memory-store';

/** Memory searches the records themselves: there is no index to compact. */
export class MemorySearchIndexes implements SearchIndexes {
  constructor(private readonly _store: MemoryStore) {}

  async compact(): Promise<void> {}
}
