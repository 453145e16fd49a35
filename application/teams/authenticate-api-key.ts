import { Unauthorized } from '../../domain/shared/errors';
import { ApiKeyRepository } from '../../domain/teams/team-repository';
import { SecretHasher } from '../shared/secret-hasher';
import { KeyTrust } from './key-trust';

export interface AuthenticateApiKeyCommand {
  /** The key as presented (the Bearer token); missing when the request carried none. */
  key: string | undefined;
}

export interface Authenticated {
  teamId: string;
  apiKeyId: string;
}

export class AuthenticateApiKey {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly hasher: SecretHasher,
    private readonly trust: KeyTrust,
  ) {}

  async execute(command: AuthenticateApiKeyCommand): Promise<Authenticated> {
    const presented = command.key;
    if (!presented) throw new Unauthorized();
    const hash = this.hasher.hash(presented);
    const key = await this.trust.find(hash, (h) => this.keys.findByHash(h));
    // The lookup found it by hash; the constant-time comparison keeps the check honest if the store ever
    // matches loosely (collation, prefix index).
    if (!key || !key.isActive || !this.hasher.matches(presented, key.keyHash)) throw new Unauthorized();
    return { teamId: key.teamId, apiKeyId: key.id };
  }
}
