import { EventSubscriptionRepository, SubscriptionSecretsSealed } from '../../domain/events/event-subscription-repository';
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

/** What resealing the event subscriptions' signing secrets (the current one, and the previous one) found. */
export interface SubscriptionSecretsReseal {
  /** Either secret sealed with a previous key: both sealed with the current one. */
  resealed: number;
  /** Both already sealed with the current key: left as they were. */
  alreadyCurrent: number;
  /** The subscriptions with a secret no configured key opens: both left as they were. */
  unreadable: string[];
}

export interface SecretsReseal {
  inboxes: CredentialsReseal;
  signingSecrets: SigningSecretsReseal;
  subscriptionSecrets: SubscriptionSecretsReseal;
}

/**
 * `workspace-admin secrets reseal`: everything SECRETS_KEY seals, sealed with the current key in one
 * transaction: inbox credentials, the signing secrets of inbound endpoints (signature modes) and those of event
 * subscriptions, which are never stored in clear. What the current key sealed is left as it is, so running it
 * again changes nothing.
 */
export class ResealSecrets {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly inboxes: ResealInboxCredentials,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly cipher: CredentialCipher,
  ) {}

  execute(): Promise<SecretsReseal> {
    return this.uow.run(async () => ({
      inboxes: await this.inboxes.execute(),
      signingSecrets: await this.resealSigningSecrets(),
      subscriptionSecrets: await this.resealSubscriptionSecrets(),
    }));
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

  /**
   * A subscription signs with its current secret and, for a day after a rotation of it, the previous one: both
   * are resealed together, or neither when one is unreadable, and only while neither was changed meanwhile.
   */
  private async resealSubscriptionSecrets(): Promise<SubscriptionSecretsReseal> {
    const report: SubscriptionSecretsReseal = { resealed: 0, alreadyCurrent: 0, unreadable: [] };
    for (const { teamId, id, ...stored } of await this.subscriptions.listSealedSecrets()) {
      let secret: string | null;
      let previous: string | null;
      try {
        secret = this.cipher.reseal(stored.secretSealed);
        previous = stored.previousSecretSealed === null ? null : this.cipher.reseal(stored.previousSecretSealed);
      } catch (err) {
        if (!(err instanceof UnreadableCredentials)) throw err;
        report.unreadable.push(id);
        continue;
      }
      if (secret === null && previous === null) {
        report.alreadyCurrent++;
        continue;
      }
      const expected: SubscriptionSecretsSealed = { secretSealed: stored.secretSealed, previousSecretSealed: stored.previousSecretSealed };
      const next: SubscriptionSecretsSealed = {
        secretSealed: secret ?? stored.secretSealed,
        previousSecretSealed: previous ?? stored.previousSecretSealed,
      };
      if (await this.subscriptions.replaceSealedSecrets({ teamId }, id, expected, next)) report.resealed++;
    }
    return report;
  }
}
