import { TeamContext } from './team';

/**
 * A repository whose records a unit of work reads, changes and writes back whole. `lock` holds the
 * team's record until the unit of work ends, so two such changes of one record run one after the other
 * and neither writes back the fields the other changed as it had read them. Call it inside the unit of
 * work, before the record is read; a record that does not exist holds nothing.
 */
export interface RecordLocks {
  lock(team: TeamContext, id: string): Promise<void>;
}
