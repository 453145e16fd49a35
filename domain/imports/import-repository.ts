import { Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { ImportData, ImportRowData, ImportRowStatus, RowOutcome } from './import';

export interface ImportListQuery extends UpdatedSince {
  page: number;
  limit: number;
  /** Oldest first rather than newest first. */
  ascending?: boolean;
}

export interface ImportRowQuery extends UpdatedSince {
  status?: ImportRowStatus;
  page: number;
  limit: number;
  /** Last row first rather than in the file's order. */
  descending?: boolean;
}

/**
 * Imports and their staged rows. The claim works across teams on purpose (one background runner serves
 * every tenant, on several nodes at once); every other read takes the team.
 */
export interface ImportRepository {
  insert(data: ImportData): Promise<void>;
  /** Writes the import whatever holds it (receiving, queueing). */
  save(data: ImportData): Promise<void>;
  /**
   * Writes the import if `data.leaseOwner` still holds it (its row names that owner); false when another node
   * took it over, and then nothing is written.
   */
  saveHeld(data: ImportData, owner: string): Promise<boolean>;
  /** An import as callers see it: one still receiving is not found. */
  findById(team: TeamContext, id: string): Promise<ImportData | null>;
  /** The team's imports, newest first (or oldest); those still receiving are left out. */
  list(team: TeamContext, query: ImportListQuery): Promise<Page<ImportData>>;
  /** Removes an import and its rows (a file refused while it was received). */
  remove(team: TeamContext, id: string): Promise<void>;

  addRows(rows: readonly ImportRowData[]): Promise<void>;
  /** Up to `limit` pending rows, in their order. */
  pendingRows(team: TeamContext, importId: string, limit: number): Promise<ImportRowData[]>;
  /** The outcome of each row named (all of one import), given at `at`. */
  saveOutcomes(team: TeamContext, importId: string, outcomes: readonly RowOutcome[], at: string): Promise<void>;
  /** Every row of the import pending again, without outcome (a dry run starting over). */
  resetRows(team: TeamContext, importId: string, at: string): Promise<void>;
  /** The rows in their order (or the reverse), of one status or all. */
  listRows(team: TeamContext, importId: string, query: ImportRowQuery): Promise<Page<ImportRowData>>;

  /**
   * Takes the import for `owner` until `leaseUntil` if it is claimable at `now` (queued, or running under a
   * lease that ran out): one attempt more. Null when it is not; a claim goes to one caller only, however many
   * claim at once on however many nodes.
   */
  claim(team: TeamContext, id: string, owner: string, now: Date, leaseUntil: Date): Promise<ImportData | null>;
  /** Claims the oldest claimable import of any team, as `claim` does; null when none is. */
  claimNext(owner: string, now: Date, leaseUntil: Date): Promise<ImportData | null>;
}
