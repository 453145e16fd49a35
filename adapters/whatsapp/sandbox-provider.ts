// The demo channel: records what would have been sent and always accepts.
import { randomUUID } from 'node:crypto';
import { OutboundText, ProviderFailure, ProviderReceipt, WhatsAppProvider } from '../../application/whatsapp/whatsapp-provider';

export class SandboxProvider implements WhatsAppProvider {
  private readonly log: OutboundText[] = [];

  async sendText(message: OutboundText): Promise<ProviderReceipt> {
    if (message.credentials.channel !== 'sandbox') throw new ProviderFailure('rejected', 'Not a sandbox inbox');
    this.log.push({ ...message });
    return { providerMessageId: `sandbox.${randomUUID()}` };
  }

  /** What was "sent", oldest first. */
  sent(): readonly OutboundText[] {
    return this.log;
  }
}
