import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from './knex-database';

/**
 * Holds a team's row until the transaction ends (`RecordLocks`). PostgreSQL runs transactions side by
 * side, so a row read and written back whole needs `FOR UPDATE` to keep another writer out meanwhile;
 * SQLite runs one writing transaction at a time already, so there is nothing to take.
 */
export const lockRow = async (database: KnexDatabase, table: string, team: TeamContext, id: string): Promise<void> => {
  if (database.dialect !== 'postgres') return;
  await database.db(table).where({ team_id: team.teamId, id }).forUpdate().select('id');
};
