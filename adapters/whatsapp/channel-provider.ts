// The one WhatsAppProvider the use cases see: it hands each message to the adapter of its inbox's channel.
import { OutboundMessage, ProviderReceipt, WhatsAppProvider } from '../../application/whatsapp/whatsapp-provider';
import { Channel } from '../../domain/whatsapp/inbox';

export class ChannelProvider implements WhatsAppProvider {
  constructor(private readonly byChannel: Record<Channel, WhatsAppProvider>) {}

  send(message: OutboundMessage): Promise<ProviderReceipt> {
    return this.byChannel[message.credentials.channel].send(message);
  }
}
