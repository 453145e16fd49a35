import { CredentialsReseal } from '../../domain/whatsapp/inbox-repository';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { UnitOfWork } from '../shared/unit-of-work';
import { CredentialCipher, UnreadableCredentials } from '../whatsapp/credential-cipher';
import { ResealInboxCredentials } from '../whatsapp/reseal-inbox-credentials';

/** What resealing the inbound endpoints' signing secrets under the current key found. */
export interface SigningSecretsReseal {
  /** Sealed with a previous key: sealed again with the current one. */
  resealed: number;
  /** Already sealed with the current key: left as they were. */
  alreadyCurrent: number;
  /** The endpoints whose signing secret no configured key opens: left as they were. */
  unreadable: string[];
}

export interface SecretsReseal {
  inboxes: CredentialsReseal;
  signingSecrets: SigningSecretsReseal;
}

/**
 * `workspace-admin secrets reseal`: everything SECRETS_KEY seals, sealed with the current key in one
 * transaction: inbox credentials, and the signing secrets of inbound endpoints (signature modes), which are
 * never stored in clear. What the current key sealed is left as it is, so running it again changes nothing.
 */
export class ResealSecrets {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly inboxes: ResealInboxCredentials,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly cipher: CredentialCipher,
  ) {}

  execute(): Promise<SecretsReseal> {
    return this.uow.run(async () => ({ inboxes: await this.inboxes.execute(), signingSecrets: await this.resealSigningSecrets() }));
  }

  private async resealSigningSecrets(): Promise<SigningSecretsReseal> {
    const report: SigningSecretsReseal = { resealed: 0, alreadyCurrent: 0, unreadable: [] };
    for (const stored of await this.endpoints.listSigningSecrets()) {
      let resealed: string | null;
      try {
        resealed = this.cipher.reseal(stored.signingSecret);
      } catch (err) {
        if (!(err instanceof UnreadableCredentials)) throw err;
        report.unreadable.push(stored.id);
        continue;
      }
      if (resealed === null) {
        report.alreadyCurrent++;
      } else if (await this.endpoints.replaceSigningSecret({ teamId: stored.teamId }, stored.id, stored.signingSecret, resealed)) {
        report.resealed++;
      }
    }
    return report;
  }
}
