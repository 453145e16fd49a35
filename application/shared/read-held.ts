import { RecordLocks } from '../../domain/shared/record-locks';
import { TeamContext } from '../../domain/shared/team';

/** A repository whose records are held and read by id. */
interface HeldRecords<T> extends RecordLocks {
  findById(team: TeamContext, id: string): Promise<T | null>;
}

/**
 * The record of this id, held until the unit of work ends (`RecordLocks.lock`) and read once held: what
 * another unit of work wrote before the hold is in it, and nothing changes it until this one ends. Null
 * when there is none. For a record found by another key, read first to learn its id. Call it inside the
 * unit of work.
 */
export async function readHeld<T>(records: HeldRecords<T>, team: TeamContext, id: string): Promise<T | null> {
  await records.lock(team, id);
  return records.findById(team, id);
}
