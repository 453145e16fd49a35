import { ApiKeyData } from '../../../../domain/teams/api-key';
import { TeamData } from '../../../../domain/teams/team';
import { ApiKeyRepository, TeamRepository } from '../../../../domain/teams/team-repository';
import { MemoryStore } from '../shared/memory-store';

export class MemoryTeamRepository implements TeamRepository {
  constructor(private readonly store: MemoryStore) {}
  private get teams() { return this.store.table<TeamData>('teams'); }

  async insert(team: TeamData): Promise<void> { this.teams.set(team.id, team); }
  async findById(id: string): Promise<TeamData | null> { return this.teams.get(id) ?? null; }
  async count(): Promise<number> { return this.teams.all().length; }
  async lock(): Promise<void> { /* memory transactions already run one at a time */ }
}

export class MemoryApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly store: MemoryStore) {}
  private get keys() { return this.store.table<ApiKeyData>('api_keys'); }

  async insert(key: ApiKeyData): Promise<void> { this.keys.set(key.id, key); }
  /** Only while the key's team exists, as the SQL stores answer. */
  async findByHash(keyHash: string): Promise<ApiKeyData | null> {
    const key = this.keys.find((k) => k.keyHash === keyHash);
    return key && this.store.table<TeamData>('teams').get(key.teamId) ? key : null;
  }
  async findById(id: string): Promise<ApiKeyData | null> { return this.keys.get(id) ?? null; }
  async update(key: ApiKeyData): Promise<void> { this.keys.set(key.id, key); }
}
