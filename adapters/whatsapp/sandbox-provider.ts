// The demo channel: records what would have been sent and always accepts.
import { randomUUID } from 'node:crypto';
import { OutboundMessage, ProviderFailure, ProviderReceipt, WhatsAppProvider } from '../../application/whatsapp/whatsapp-provider';

export class SandboxProvider implements WhatsAppProvider {
  private readonly log: OutboundMessage[] = [];

  async send(message: OutboundMessage): Promise<ProviderReceipt> {
    if (message.credentials.channel !== 'sandbox') throw new ProviderFailure('rejected', 'Not a sandbox inbox');
    this.log.push({ ...message });
    return { providerMessageId: `sandbox.${randomUUID()}` };
  }

  /** What was "sent", oldest first. */
  sent(): readonly OutboundMessage[] {
    return this.log;
  }
}
