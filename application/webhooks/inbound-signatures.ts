// The signature schemes of inbound senders, implemented in adapters: the receiver only asks whether a
// request carries a valid signature of its exact bytes.
import { SignatureScheme } from '../../domain/webhooks/webhook-endpoint';

/** What a signature covers and where it is: the body's bytes as received, and the request's headers. */
export interface SignedRequest {
  bytes: Uint8Array;
  /** A header's value by its name in any letter case, or null. */
  header(name: string): string | null;
}

export interface InboundSignatures {
  /** A new signing secret for a scheme whose secret we may choose (Typeform, Standard Webhooks). */
  newSecret(scheme: SignatureScheme): string;
  /** Whether a secret given by the operator or the sender can sign in this scheme. */
  isUsableSecret(scheme: SignatureScheme, secret: string): boolean;
  /** Whether the request carries a valid signature (and, where the scheme has one, a fresh timestamp); constant time. */
  verify(scheme: SignatureScheme, secret: string, request: SignedRequest): boolean;
}
