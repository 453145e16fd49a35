import { KeysetPage, KeysetQuery } from '../shared/keyset';
import { TeamContext } from '../shared/team';
import { ApiKeyData } from './api-key';
import { TeamData } from './team';

export interface TeamRepository {
  insert(team: TeamData): Promise<void>;
  findById(id: string): Promise<TeamData | null>;
  count(): Promise<number>;
  /** Every team, newest first (created_at, then id). */
  listNewestFirst(query: KeysetQuery): Promise<KeysetPage<TeamData>>;
  /**
   * Serializes quota-bound writes of one team (a row lock where the store has them), so two
   * concurrent creations cannot both pass a quota check. Call inside a unit of work.
   */
  lock(teamId: string): Promise<void>;
}

export interface ApiKeyRepository {
  insert(key: ApiKeyData): Promise<void>;
  findByHash(keyHash: string): Promise<ApiKeyData | null>;
  findById(id: string): Promise<ApiKeyData | null>;
  update(key: ApiKeyData): Promise<void>;
  /** The team's keys, revoked ones included, newest first (created_at, then id). */
  listNewestFirst(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<ApiKeyData>>;
}
