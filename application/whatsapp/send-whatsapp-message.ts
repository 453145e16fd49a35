import { BadGateway, Duplicate, InternalFailure, NotFound, ValidationFailed } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { Contact } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { Conversation, WindowClosed } from '../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { Inbox, InboxData } from '../../domain/whatsapp/inbox';
import { InboxRepository } from '../../domain/whatsapp/inbox-repository';
import { Message, MessageData } from '../../domain/whatsapp/message';
import { OutboundContent, StatedFile, assertMediaFileFits, outboundContent, withStatedType } from '../../domain/whatsapp/outbound-content';
import { MessageRepository } from '../../domain/whatsapp/message-repository';
import { PhoneNumber } from '../../domain/shared/phone-number';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { readHeld } from '../shared/read-held';
import { IdGenerator } from '../shared/id-generator';
import { Logger } from '../shared/logger';
import { UnitOfWork } from '../shared/unit-of-work';
import { MediaProbe } from './media-probe';
import { ProviderFailure, WhatsAppProvider } from './whatsapp-provider';

/**
 * To a conversation (`conversationId`), or to a phone through an inbox (`inboxId` and `phone`): exactly one
 * of free text (`content`), an approved template (`template`, Cloud API only) or a media link (`media`).
 */
export interface SendWhatsAppMessageCommand {
  content?: string | null;
  template?: { name: string; language: string; components?: Record<string, unknown>[] } | null;
  media?: { type: string; url: string; caption?: string | null; filename?: string | null } | null;
  conversationId?: string | null;
  inboxId?: string | null;
  /** As people type it. */
  phone?: string | null;
}

export interface SendWhatsAppMessageResult {
  message: MessageData;
  /** True when the message went to a conversation that already existed. */
  reused: boolean;
}

interface Prepared {
  message: Message;
  inbox: InboxData;
  to: string;
  reused: boolean;
  /** A contact was made for the number (and its `whatsapp.contact.created` written). */
  contactCreated: boolean;
}

/**
 * Sends one message: text, template or media link. A media link is looked at first (`MediaProbe`), before
 * anything is stored. The message is saved (pending) before the provider is called and settled after,
 * each step in its own transaction, so no transaction waits on the network and a crash in between
 * leaves a pending record of what may have gone out. There is no idempotency: a retry may duplicate.
 * A new number gets its contact, which writes `whatsapp.contact.created` in the first transaction.
 */
export class SendWhatsAppMessage {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly inboxes: InboxRepository,
    private readonly contacts: ContactRepository,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly provider: WhatsAppProvider,
    private readonly probe: MediaProbe,
    private readonly events: EventLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: SendWhatsAppMessageCommand): Promise<SendWhatsAppMessageResult> {
    let content = outboundContent(command);
    let file: StatedFile | null = null;
    if (content.kind === 'media') {
      file = await this.probe.probe(content.media.url);
      content = withStatedType(content, file.contentType);
    }
    const prepared = await this.prepareOnce(team, command, content, file);
    const { message, inbox, to, reused } = prepared;
    if (prepared.contactCreated) this.trigger.kick();

    let providerMessageId: string;
    try {
      providerMessageId = (await this.provider.send({ ...content, credentials: inbox.credentials, to })).providerMessageId;
    } catch (err) {
      if (!(err instanceof ProviderFailure)) throw err;
      await this.settleFailure(team, message, err);
      if (err.kind === 'window_closed') throw new WindowClosed();
      throw new BadGateway(`The WhatsApp provider failed (${err.kind}); the message may or may not have been sent`);
    }

    let data: MessageData;
    try {
      // Settled on the stored message: the gateway's echo of this send may have settled it already.
      data = await this.uow.run(async () => {
        const now = this.clock.now();
        const stored = await this.storedOf(team, message);
        if (!stored.accept(providerMessageId, now)) return stored.snapshot();
        const accepted = stored.snapshot();
        await this.messages.update(accepted);
        await this.events.append(team, [this.events.draft('whatsapp.message.sent', 'whatsappMessage', accepted.id, accepted)], now);
        return accepted;
      });
    } catch (err) {
      this.logger.error({ err, messageId: message.id, providerMessageId }, 'WhatsApp message accepted by the provider but not saved');
      throw new InternalFailure('The message was accepted by the provider but could not be saved');
    }
    this.trigger.kick();
    return { message: data, reused };
  }

  /** A concurrent send may create the same contact or conversation first; then theirs is used. */
  private async prepareOnce(
    team: TeamContext,
    input: SendWhatsAppMessageCommand,
    content: OutboundContent,
    file: StatedFile | null,
  ): Promise<Prepared> {
    try {
      return await this.uow.run(() => this.prepare(team, input, content, file));
    } catch (err) {
      if (!(err instanceof Duplicate)) throw err;
      return this.uow.run(() => this.prepare(team, input, content, file));
    }
  }

  /** `file`: what the media link's server said of it, judged against the limits of the inbox's provider. */
  private async prepare(
    team: TeamContext,
    input: SendWhatsAppMessageCommand,
    content: OutboundContent,
    file: StatedFile | null,
  ): Promise<Prepared> {
    const now = this.clock.now();
    const { conversation, inbox, reused, contactCreated } =
      input.conversationId !== undefined && input.conversationId !== null
        ? await this.byConversation(team, input.conversationId, content.kind)
        : await this.byInboxAndPhone(team, input.inboxId, input.phone, content.kind, now);
    Inbox.restore(inbox).assertActive();
    if (content.kind === 'media' && file !== null && Inbox.restore(inbox).limitsMediaFiles) assertMediaFileFits(content.media.type, file);
    conversation.allowOutbound(content.kind, now);

    const contact = await this.contacts.findById(team, conversation.contactId);
    if (!contact) throw new NotFound('Contact not found', 'conversation_id');
    const message = Message.outgoing(this.ids.next(), team.teamId, conversation, content, now);
    conversation.recordOutbound(now);
    await this.messages.insert(message.snapshot());
    await this.conversations.update(conversation.snapshot());
    return { message, inbox, to: contact.phone, reused, contactCreated };
  }

  private async byConversation(team: TeamContext, id: string, kind: OutboundContent['kind']) {
    if (!isUuid(id)) throw new ValidationFailed('conversation_id must be a UUID', 'conversation_id');
    // Held: a message received at the same moment must not have its times written back older.
    const found = await readHeld(this.conversations, team, id);
    if (!found) throw new NotFound('Conversation not found', 'conversation_id');
    const inbox = await this.inboxes.findById(team, found.inboxId);
    if (!inbox) throw new NotFound('Inbox not found', 'conversation_id');
    Inbox.restore(inbox).assertSends(kind);
    return { conversation: Conversation.restore(found), inbox, reused: true, contactCreated: false };
  }

  private async byInboxAndPhone(
    team: TeamContext,
    inboxId: string | null | undefined,
    rawPhone: string | null | undefined,
    kind: OutboundContent['kind'],
    now: Date,
  ) {
    if (inboxId === undefined || inboxId === null)
      throw new ValidationFailed('conversation_id, or inbox_id and phone, are required', 'inbox_id');
    if (!isUuid(inboxId)) throw new ValidationFailed('inbox_id must be a UUID', 'inbox_id');
    if (rawPhone === undefined || rawPhone === null) throw new ValidationFailed('phone is required with inbox_id', 'phone');
    const phone = PhoneNumber.parse(rawPhone);
    const inbox = await this.inboxes.findById(team, inboxId);
    if (!inbox) throw new NotFound('Inbox not found', 'inbox_id');
    Inbox.restore(inbox).assertSends(kind);

    // Whichever variant the contact was saved with, the person is found by the shared key.
    const known = await this.contacts.findByPhoneKey(team, phone.canonical);
    const named = known && (await this.conversations.findByInboxAndContact(team, inbox.id, known.id));
    const existing = named && (await readHeld(this.conversations, team, named.id));
    if (existing) return { conversation: Conversation.restore(existing), inbox, reused: true, contactCreated: false };

    // The Cloud API opens a conversation with an approved template only: the customer has never written here.
    if (!Inbox.restore(inbox).canOpenWith(kind)) throw new WindowClosed();
    let contactId = known?.id;
    if (!contactId) {
      const contact = Contact.create(this.ids.next(), team.teamId, phone, {}, now).snapshot();
      await this.contacts.insert(contact);
      await this.events.append(team, [this.events.draft('whatsapp.contact.created', 'whatsappContact', contact.id, contact)], now);
      contactId = contact.id;
    }
    const conversation = Conversation.open(this.ids.next(), team.teamId, inbox, contactId, now);
    await this.conversations.insert(conversation.snapshot());
    return { conversation, inbox, reused: false, contactCreated: !known };
  }

  /** The message as stored now, held until the unit of work ends; as prepared when it cannot be read back. */
  private async storedOf(team: TeamContext, message: Message): Promise<Message> {
    const found = await readHeld(this.messages, team, message.id);
    return found ? Message.restore(found) : message;
  }

  /**
   * The failure is recorded if storage allows, unless an echo of the send settled it first; the caller's
   * answer (409/502) does not depend on it.
   */
  private async settleFailure(team: TeamContext, message: Message, failure: ProviderFailure): Promise<void> {
    try {
      await this.uow.run(async () => {
        const stored = await this.storedOf(team, message);
        if (stored.fail(failure.error, this.clock.now())) await this.messages.update(stored.snapshot());
      });
    } catch (err) {
      this.logger.error({ err, messageId: message.id, failure: failure.kind }, 'Could not record a failed WhatsApp send');
    }
  }
}
