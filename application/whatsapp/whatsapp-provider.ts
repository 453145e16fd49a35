import { InboxCredentials } from '../../domain/whatsapp/inbox';
import { ProviderError } from '../../domain/whatsapp/message';
import { OutboundContent } from '../../domain/whatsapp/outbound-content';

/** One message to send: its content (text, template or media link), and where it goes. */
export type OutboundMessage = OutboundContent & {
  /** The inbox's connection: its channel picks the provider. */
  credentials: InboxCredentials;
  /** Recipient digits with the country code. */
  to: string;
};

export interface ProviderReceipt {
  /** The provider's id of the message, which its later status reports carry. */
  providerMessageId: string;
}

/**
 * Why a send did not succeed. `rejected`: the provider answered with an error (the message did not
 * go). `window_closed`: the provider refused free text outside the customer service window.
 * `unreachable` and `timeout`: no usable answer, so the message may or may not have gone.
 */
export type ProviderFailureKind = 'rejected' | 'window_closed' | 'unreachable' | 'timeout';

export class ProviderFailure extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly error: ProviderError = { code: null, title: null, detail: message },
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

/** Sends WhatsApp messages through the provider behind an inbox (Cloud API, Evolution, sandbox). */
export interface WhatsAppProvider {
  /** Resolves once the provider accepted the message; throws ProviderFailure otherwise. */
  send(message: OutboundMessage): Promise<ProviderReceipt>;
}
