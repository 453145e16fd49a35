// What every provider's webhook does with one message or one status, whatever its format: the contact,
// the conversation, the message and the events, written in the caller's transaction. The Cloud API and
// Evolution use cases read their own formats into these events and call this.
import { EventDraft } from '../../domain/events/event';
import { DomainError, Duplicate } from '../../domain/shared/errors';
import { PhoneNumber } from '../../domain/shared/phone-number';
import { TeamContext } from '../../domain/shared/team';
import { Contact } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { Conversation } from '../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { InboxData } from '../../domain/whatsapp/inbox';
import {
  DeliveryStatus,
  InboundContent,
  Message,
  ProviderError,
  fitInboundContent,
  opensServiceWindow,
} from '../../domain/whatsapp/message';
import { MessageRepository } from '../../domain/whatsapp/message-repository';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { readHeld } from '../shared/read-held';
import { IdGenerator } from '../shared/id-generator';
import { Logger } from '../shared/logger';
import { UnitOfWork } from '../shared/unit-of-work';

/** A message's transaction can lose a race on three unique keys (contact, conversation, message). */
const MAX_ATTEMPTS = 4;

/** A customer's message, as a provider's webhook reports it. */
export interface InboundMessageEvent {
  /** The customer's WhatsApp id (the sender; for a message sent from the business phone, the recipient). */
  from: string;
  /** The sender's profile name, when the webhook carries it. */
  profileName: string | null;
  providerMessageId: string;
  sentAt: Date;
  /** Whatever the message carries, any type. */
  content: InboundContent;
  /** The new WhatsApp id of a `system` message telling that the customer changed number. */
  newWaId: string | null;
}

export interface DeliveryStatusEvent {
  providerMessageId: string;
  status: DeliveryStatus;
  error: ProviderError | null;
}

/** Which provider's webhook reported the event, as the logs name it (`Cloud API`, `Evolution`). */
export type Source = string;

export class InboundMessages {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly contacts: ContactRepository,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly events: EventLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /**
   * The message as it can be kept, or null when its own id is too long to keep: that id is how
   * redeliveries and statuses find the message, so it is never cut. Other values too long are fitted.
   */
  kept(source: Source, team: TeamContext, inbox: InboxData, event: InboundMessageEvent): InboundMessageEvent | null {
    const where = { teamId: team.teamId, inboxId: inbox.id };
    if (!Message.keepsProviderMessageId(event.providerMessageId)) {
      this.logger.warn({ ...where, length: event.providerMessageId.length }, `${source} message id longer than a message keeps; skipped`);
      return null;
    }
    const { content, cut, omitted } = fitInboundContent(event.content);
    if (cut.length > 0 || omitted.length > 0) {
      this.logger.warn(
        { ...where, providerMessageId: event.providerMessageId, cut, omitted },
        `${source} message with values longer than a message keeps; kept fitted`,
      );
    }
    return { ...event, content };
  }

  /**
   * Copies of one delivery (providers redeliver; several nodes take them at once) race on the unique keys
   * of the contact, the conversation and the message, and the transaction that loses is undone. Each loss
   * means another one committed that row, so the next attempt finds it: a message already stored is then
   * answered as ignored. One attempt per unique key it can lose on, and a last one.
   */
  async retrying(work: () => Promise<boolean>): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.uow.run(work);
      } catch (err) {
        if (!(err instanceof Duplicate) || attempt >= MAX_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * A customer's message: the contact and the conversation as needed, the window opened (a system
   * notice leaves it), `whatsapp.message.received` after `whatsapp.contact.created` for a new sender.
   * False when it was already stored or its sender is unusable. Runs in the caller's transaction.
   */
  async received(source: Source, team: TeamContext, inbox: InboxData, event: InboundMessageEvent): Promise<boolean> {
    const fresh = await this.fresh(source, team, inbox, event);
    if (!fresh) return false;
    const { now, phone, sentAt } = fresh;

    const { contact, created } = await this.contactOf(team, phone, event.profileName, now);
    if (event.newWaId !== null) await this.followNumberChange(source, team, contact, event.newWaId, now);
    const drafts = created ? [this.contactCreated(contact)] : [];
    const { conversation, existing } = await this.conversationOf(team, inbox, contact, now);
    if (opensServiceWindow(event.content.type)) conversation.receiveInbound(sentAt, now);
    else conversation.receiveNotice(sentAt, now);
    conversation.noteReferral(event.content.referral, now);
    await this.saveConversation(conversation, existing);

    const message = Message.inbound(this.ids.next(), team.teamId, conversation, event.content, event.providerMessageId, sentAt, now);
    await this.store(team, message, 'whatsapp.message.received', drafts, now);
    return true;
  }

  /**
   * A message the business sent outside this API (from its phone), which the provider echoed back:
   * kept as an outbound `sent` message of the customer's conversation, without opening the window, with
   * `whatsapp.message.sent`. False when that provider id is already stored (a message this API sent, or a
   * redelivery) or the recipient is unusable. A send of this API still waiting for the provider's answer
   * that this echo could be (`Message.awaitsEchoOf`) is settled by it instead, once: a gateway may post the
   * echo before it answers the send. Runs in the caller's transaction.
   */
  async sentElsewhere(source: Source, team: TeamContext, inbox: InboxData, event: InboundMessageEvent): Promise<boolean> {
    const fresh = await this.fresh(source, team, inbox, event);
    if (!fresh) return false;
    const { now, phone, sentAt } = fresh;

    // The name on the business's own message is the business's: it is not the customer's push name.
    const { contact, created } = await this.contactOf(team, phone, null, now);
    const drafts = created ? [this.contactCreated(contact)] : [];
    const { conversation, existing } = await this.conversationOf(team, inbox, contact, now);
    if (existing && (await this.settleEchoed(team, conversation.id, event, now))) return true;
    conversation.recordOutbound(now);
    await this.saveConversation(conversation, existing);

    const message = Message.sentElsewhere(this.ids.next(), team.teamId, conversation, event.content, event.providerMessageId, sentAt, now);
    await this.store(team, message, 'whatsapp.message.sent', drafts, now);
    return true;
  }

  /** How many of a conversation's latest messages are looked through for a send awaiting its echo. */
  private static readonly ECHO_WINDOW = 20;

  /** The newest send of the conversation awaiting this echo, accepted with the echo's provider id; false when none. */
  private async settleEchoed(team: TeamContext, conversationId: string, event: InboundMessageEvent, now: Date): Promise<boolean> {
    const latest = await this.messages.listByConversation(
      team,
      conversationId,
      {},
      { page: 1, limit: InboundMessages.ECHO_WINDOW, sort: { field: 'created_at', descending: true } },
    );
    const candidate = latest.items.find((m) => Message.restore(m).awaitsEchoOf(event.content));
    if (!candidate) return false;
    // Held and read again: the send's own settlement may be writing it at this moment.
    const held = await readHeld(this.messages, team, candidate.id);
    const twin = held && Message.restore(held);
    if (!twin || !twin.awaitsEchoOf(event.content) || !twin.accept(event.providerMessageId, now)) return false;
    const data = twin.snapshot();
    await this.messages.update(data);
    await this.events.append(team, [this.events.draft('whatsapp.message.sent', 'whatsappMessage', data.id, data)], now);
    return true;
  }

  /** A delivery status of an outbound message, which moves forward only. Runs in the caller's transaction. */
  async status(team: TeamContext, inbox: InboxData, event: DeliveryStatusEvent): Promise<boolean> {
    const named = await this.messages.findByProviderMessageId(team, inbox.id, event.providerMessageId);
    if (!named) return false;
    // Read again once held: another delivery's status of the same message may have been written meanwhile.
    const found = await readHeld(this.messages, team, named.id);
    if (!found) return false;
    const now = this.clock.now();
    const message = Message.restore(found);
    if (!message.applyDeliveryStatus(event.status, event.error, now)) return false;
    const data = message.snapshot();
    await this.messages.update(data);
    await this.events.append(team, [this.events.draft('whatsapp.message.status_changed', 'whatsappMessage', data.id, data, found)], now);
    return true;
  }

  /**
   * The customer's number and the message's time, when the message is new to the inbox and its number
   * usable; null otherwise. A clock ahead of ours must not stretch the window beyond 24 hours from now.
   */
  private async fresh(
    source: Source,
    team: TeamContext,
    inbox: InboxData,
    event: InboundMessageEvent,
  ): Promise<{ now: Date; phone: PhoneNumber; sentAt: Date } | null> {
    const now = this.clock.now();
    const phone = this.phoneOf(source, event.from);
    if (!phone) return null;
    if (await this.messages.findByProviderMessageId(team, inbox.id, event.providerMessageId)) return null;
    return { now, phone, sentAt: event.sentAt.getTime() > now.getTime() ? now : event.sentAt };
  }

  private phoneOf(source: Source, from: string): PhoneNumber | null {
    try {
      return PhoneNumber.fromProvider(from);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      this.logger.warn({ from }, `${source} message from an unusable number`);
      return null;
    }
  }

  /** The contact of a number (in any 9th-digit variant), made when there is none. */
  private async contactOf(
    team: TeamContext,
    phone: PhoneNumber,
    profileName: string | null,
    now: Date,
  ): Promise<{ contact: Contact; created: boolean }> {
    const named = await this.contacts.findByPhoneKey(team, phone.canonical);
    // Held: its push name or number may be written back, and an API edit of its tags at that moment must stay.
    const found = named && (await readHeld(this.contacts, team, named.id));
    const contact = found ? Contact.restore(found) : Contact.create(this.ids.next(), team.teamId, phone, {}, now, profileName);
    if (!found) await this.contacts.insert(contact.snapshot());
    else if (contact.notePushName(profileName, now)) await this.contacts.update(contact.snapshot());
    return { contact, created: !found };
  }

  private contactCreated(contact: Contact): EventDraft {
    return this.events.draft('whatsapp.contact.created', 'whatsappContact', contact.id, contact.snapshot());
  }

  private async conversationOf(
    team: TeamContext,
    inbox: InboxData,
    contact: Contact,
    now: Date,
  ): Promise<{ conversation: Conversation; existing: boolean }> {
    const found = await this.conversations.findByInboxAndContact(team, inbox.id, contact.id);
    // Held: another message of the conversation, stored at the same moment, must not write back older times.
    const existing = found && (await readHeld(this.conversations, team, found.id));
    const conversation = existing
      ? Conversation.restore(existing)
      : Conversation.open(this.ids.next(), team.teamId, inbox, contact.id, now);
    return { conversation, existing: existing !== null };
  }

  private async saveConversation(conversation: Conversation, existing: boolean): Promise<void> {
    if (existing) await this.conversations.update(conversation.snapshot());
    else await this.conversations.insert(conversation.snapshot());
  }

  private async store(
    team: TeamContext,
    message: Message,
    type: 'whatsapp.message.received' | 'whatsapp.message.sent',
    drafts: EventDraft[],
    now: Date,
  ): Promise<void> {
    const data = message.snapshot();
    await this.messages.insert(data);
    drafts.push(this.events.draft(type, 'whatsappMessage', data.id, data));
    await this.events.append(team, drafts, now);
  }

  /**
   * The customer now writes from another number. Two contacts are never merged: when the new number
   * already has its own contact, this one keeps the old number (and the notice stays in its history).
   */
  private async followNumberChange(source: Source, team: TeamContext, contact: Contact, newWaId: string, now: Date): Promise<void> {
    let phone: PhoneNumber;
    try {
      phone = PhoneNumber.fromProvider(newWaId);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      this.logger.warn({ contactId: contact.id, newWaId }, `${source} number change to an unusable number`);
      return;
    }
    const holder = await this.contacts.findByPhoneKey(team, phone.canonical);
    if (holder && holder.id !== contact.id) {
      this.logger.warn(
        { contactId: contact.id, otherContactId: holder.id },
        `${source} number change to a number that has its own contact; not merged`,
      );
      return;
    }
    if (contact.changeNumber(phone, now)) await this.contacts.update(contact.snapshot());
  }
}
