import { TeamContext } from '../../domain/shared/team';
import { ApiKey } from '../../domain/teams/api-key';
import { ApiKeyRepository, TeamRepository } from '../../domain/teams/team-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { SecretHasher } from '../shared/secret-hasher';
import { requireTeam } from '../shared/operator-team';

export interface CreateApiKeyCommand {
  /** A label for the operator; none when not given. */
  name?: string | null;
}

export interface IssuedApiKey {
  id: string;
  /** The key in clear: shown once, never stored. */
  key: string;
}

export class CreateApiKey {
  constructor(
    private readonly teams: TeamRepository,
    private readonly keys: ApiKeyRepository,
    private readonly hasher: SecretHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** The team is named by the operator (`key create --team`), so it may be malformed or unknown: 404 then. */
  async execute(team: TeamContext, command: CreateApiKeyCommand): Promise<IssuedApiKey> {
    await requireTeam(this.teams, team);
    const key = this.hasher.generate('wsk_');
    const apiKey = ApiKey.issue(this.ids.next(), team.teamId, command.name ?? null, this.hasher.hash(key), this.clock.now());
    await this.keys.insert(apiKey.snapshot());
    return { id: apiKey.id, key };
  }
}
