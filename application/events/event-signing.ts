/**
 * Standard Webhooks signing (https://www.standardwebhooks.com/): the subscription's secrets and the
 * `webhook-signature` of a delivery. Implemented with the specification's own library, never by hand.
 */
export interface EventSigning {
  /** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
  newSecret(): string;
  /**
   * The `webhook-signature` header of `body` sent as message `id` at `timestamp`: one `v1,<base64>` entry per
   * secret (two during a rotation), separated by spaces.
   */
  signature(secrets: readonly string[], id: string, timestamp: Date, body: string): string;
}
