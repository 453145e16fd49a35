// The one WhatsAppProvider the use cases see: it hands each message to the adapter of its inbox's channel.
import { OutboundText, ProviderReceipt, WhatsAppProvider } from '../../application/whatsapp/whatsapp-provider';
import { Channel } from '../../domain/whatsapp/inbox';

export class ChannelProvider implements WhatsAppProvider {
  constructor(private readonly byChannel: Record<Channel, WhatsAppProvider>) {}

  sendText(message: OutboundText): Promise<ProviderReceipt> {
    return this.byChannel[message.credentials.channel].sendText(message);
  }
}
