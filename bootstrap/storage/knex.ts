import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import { databaseProbe } from '../../adapters/persistence/knex/shared/database-probe';
import { KnexDatabase, KnexUnitOfWork } from '../../adapters/persistence/knex/shared/knex-database';
import { Logger } from '../../application/shared/logger';
import { TOKENS } from '../tokens';
import { bindRepositories } from './repositories';

/** Storage in a SQL database (PostgreSQL or SQLite) through `database`, whose connections the runtime opens and closes. */
export const knexStorage = (database: KnexDatabase): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.KnexDatabase).toConstantValue(database);
    bind(TOKENS.UnitOfWork)
      .toResolvedValue((db: KnexDatabase) => new KnexUnitOfWork(db), [TOKENS.KnexDatabase])
      .inSingletonScope();
    bind(TOKENS.DatabaseProbe).toResolvedValue(databaseProbe, [TOKENS.KnexDatabase]).inSingletonScope();
    bindRepositories(bind, 'knex', TOKENS.KnexDatabase);
  });

const text = (message: unknown): string => (message instanceof Error ? (message.stack ?? message.message) : String(message));

/**
 * Knex's own messages, in the API's JSON log instead of raw lines with stacks on stdout. A failed
 * connection is also the error of what asked for it, which says it where it counts (a request's 500 and
 * its log line, the start's one line on stderr): Knex's copy of it is detail.
 */
export const knexLog = (logger: Logger): Knex.Logger => ({
  warn: (message: unknown) => {
    const detail = text(message);
    if (detail.startsWith('Acquire connection error')) logger.debug({ detail }, 'database connection failed');
    else logger.warn({ detail }, 'knex warning');
  },
  error: (message: unknown) => logger.error({ detail: text(message) }, 'knex error'),
  deprecate: (method: string, alternative: string) => logger.warn({ method, alternative }, 'knex: deprecated'),
  debug: (message: unknown) => logger.debug({ detail: text(message) }, 'knex'),
});
