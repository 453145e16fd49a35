import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { EventSigning } from '../../application/events/event-signing';

/** Signs with the `standardwebhooks` package, so that every receiver's verifier agrees with us. */
export class StandardWebhooksSigning implements EventSigning {
  newSecret(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }

  signature(secrets: readonly string[], id: string, timestamp: Date, body: string): string {
    return secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
  }
}
