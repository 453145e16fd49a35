import { ContainerModule } from 'inversify';
import { MemoryStore, MemoryUnitOfWork } from '../../adapters/persistence/memory/shared/memory-store';
import { ReadinessProbe } from '../../application/shared/readiness';
import { TOKENS } from '../tokens';
import { bindRepositories } from './repositories';

/** Memory storage lives in this process: it answers as long as the process does. */
const inProcess: ReadinessProbe = { name: 'database', critical: true, check: () => Promise.resolve('ok') };

/** Storage in this process's memory (`DATABASE_URL=memory:`): one store per container, and every repository over it. */
export const memoryStorage = new ContainerModule(({ bind }) => {
  bind(TOKENS.MemoryStore)
    .toResolvedValue(() => new MemoryStore())
    .inSingletonScope();
  bind(TOKENS.UnitOfWork)
    .toResolvedValue((store: MemoryStore) => new MemoryUnitOfWork(store), [TOKENS.MemoryStore])
    .inSingletonScope();
  bind(TOKENS.DatabaseProbe).toConstantValue(inProcess);
  bindRepositories(bind, 'memory', TOKENS.MemoryStore);
});
