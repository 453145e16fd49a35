import { Container } from 'inversify';
import { TeamContext } from '../domain/shared/team';
import { CliCommand } from '../adapters/cli/cli';
import { RouteModule } from '../adapters/http/app';
import { StorageKind } from './config';

/**
 * What one bounded context plugs into the service. Each lives in contexts/<name>.ts and is listed in
 * contexts/index.ts; nothing else needs to change to add one.
 */
export interface BoundedContext {
  name: string;
  /** Binds the context's repositories for the storage kind, its other adapters and its use cases. */
  bind(c: Container, storage: StorageKind): void;
  routes?(c: Container): RouteModule;
  commands?(c: Container): CliCommand[];
  /** Sample data for the demo team. */
  seedDemo?(c: Container, team: TeamContext): Promise<void>;
  /** Background work of the server (an outbox dispatcher…); returns how to stop it. */
  start?(c: Container): () => Promise<void> | void;
}

/** `storage === 'memory' ? memory : knex`, for binding a repository. */
export const byStorage = <T>(storage: StorageKind, memory: () => T, knex: () => T): T => (storage === 'memory' ? memory() : knex());
