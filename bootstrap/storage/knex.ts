import { ContainerModule } from 'inversify';
import { databaseProbe } from '../../adapters/persistence/knex/shared/database-probe';
import { KnexDatabase, KnexUnitOfWork } from '../../adapters/persistence/knex/shared/knex-database';
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
