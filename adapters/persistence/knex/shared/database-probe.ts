import { ReadinessProbe } from '../../../../application/shared/readiness';
import { KnexDatabase } from './knex-database';

/** The database answers a `select 1` on a connection of the pool (never inside a request's transaction). */
export const databaseProbe = (database: KnexDatabase): ReadinessProbe => ({
  name: 'database',
  critical: true,
  async check() {
    await database.knex.raw('select 1');
    return 'ok';
  },
});
