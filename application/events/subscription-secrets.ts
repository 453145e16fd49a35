import { Unprocessable } from '../../domain/shared/errors';
import { CredentialCipher, SecretsKeyMissing } from '../whatsapp/credential-cipher';
import { EventSigning } from './event-signing';

/** A subscription's new signing secret: in clear, shown once to the integrator, and sealed, as it is kept. */
export interface IssuedSecret {
  secret: string;
  sealed: string;
}

/**
 * Makes a subscription's signing secrets. A secret must be read back to sign every delivery, so it is sealed
 * with SECRETS_KEY, never hashed: without that key this server cannot keep one, and the request is refused (422,
 * naming the setting) rather than failing as an error of the server.
 */
export class SubscriptionSecrets {
  constructor(
    private readonly signing: EventSigning,
    private readonly cipher: CredentialCipher,
  ) {}

  issue(): IssuedSecret {
    const secret = this.signing.newSecret();
    try {
      return { secret, sealed: this.cipher.seal(secret) };
    } catch (err) {
      if (!(err instanceof SecretsKeyMissing)) throw err;
      throw new Unprocessable(
        'Event subscriptions need SECRETS_KEY to keep their signing secrets, and this server does not have it: ask the operator to set it',
      );
    }
  }
}
