import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { TeamContext } from '../../../../domain/shared/team';
import { ApiKeyData } from '../../../../domain/teams/api-key';
import { TeamData } from '../../../../domain/teams/team';
import { ApiKeyRepository, TeamRepository } from '../../../../domain/teams/team-repository';
import { newestFirstPageOf } from '../shared/keyset';
import { MemoryStore } from '../shared/memory-store';

export class MemoryTeamRepository implements TeamRepository {
  constructor(private readonly store: MemoryStore) {}
  private get teams() {
    return this.store.table<TeamData>('teams');
  }

  async insert(team: TeamData): Promise<void> {
    this.teams.set(team.id, team);
  }
  async findById(id: string): Promise<TeamData | null> {
    return this.teams.get(id) ?? null;
  }
  async count(): Promise<number> {
    return this.teams.all().length;
  }
  async listNewestFirst(query: KeysetQuery): Promise<KeysetPage<TeamData>> {
    return newestFirstPageOf(this.teams.all(), query, (t) => ({ at: t.createdAt, id: t.id }));
  }
  async lock(): Promise<void> {
    /* memory transactions already run one at a time */
  }
}

export class MemoryApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly store: MemoryStore) {}
  private get keys() {
    return this.store.table<ApiKeyData>('api_keys');
  }

  async insert(key: ApiKeyData): Promise<void> {
    this.keys.set(key.id, key);
  }
  /** Only while the key's team exists, as the SQL stores answer. */
  async findByHash(keyHash: string): Promise<ApiKeyData | null> {
    const key = this.keys.find((k) => k.keyHash === keyHash);
    return key && this.store.table<TeamData>('teams').get(key.teamId) ? key : null;
  }
  async findById(id: string): Promise<ApiKeyData | null> {
    return this.keys.get(id) ?? null;
  }
  async update(key: ApiKeyData): Promise<void> {
    this.keys.set(key.id, key);
  }
  async listNewestFirst(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<ApiKeyData>> {
    return newestFirstPageOf(
      this.keys.filter((k) => k.teamId === team.teamId),
      query,
      (k) => ({ at: k.createdAt, id: k.id }),
    );
  }
}
