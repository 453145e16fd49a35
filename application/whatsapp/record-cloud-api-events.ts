import { EventDraft } from '../../domain/events/event';
import { DomainError, Duplicate } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Contact } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { Conversation } from '../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { InboxData } from '../../domain/whatsapp/inbox';
import { InboxRepository } from '../../domain/whatsapp/inbox-repository';
import { InboxErrorRepository } from '../../domain/whatsapp/inbox-error-repository';
import {
  DeliveryStatus,
  InboundContent,
  Message,
  ProviderError,
  fitInboundContent,
  opensServiceWindow,
} from '../../domain/whatsapp/message';
import { MessageRepository } from '../../domain/whatsapp/message-repository';
import { INBOX_ERROR_CODE_LENGTH, INBOX_PHONE_NUMBER_ID_LENGTH, fitsLength } from '../../domain/whatsapp/provider-lengths';
import { PhoneNumber } from '../../domain/shared/phone-number';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { Logger } from '../shared/logger';
import { UnitOfWork } from '../shared/unit-of-work';

/** A message's transaction can lose a race on three unique keys (contact, conversation, message). */
const MAX_ATTEMPTS = 4;

/** A customer's message, as the Cloud API webhook reports it. */
export interface InboundMessageEvent {
  /** The sender's WhatsApp id (`from`). */
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

/** One `changes[].value` of the webhook: the events of one business phone number. */
export interface CloudApiChange {
  phoneNumberId: string;
  messages: InboundMessageEvent[];
  statuses: DeliveryStatusEvent[];
  /** Errors about the number as a whole (`value.errors[]`), such as a rate limit hit. */
  errors: ProviderError[];
}

/** One webhook delivery, read out of Meta's format: the changes it carries, one per phone number. */
export interface RecordCloudApiEventsCommand {
  changes: CloudApiChange[];
}

/** What was stored, so that the answer tells the truth about a delivery. */
export interface RecordCloudApiEventsResult {
  messages: number;
  statuses: number;
  errors: number;
  /**
   * Events received and not stored: redelivered messages, statuses that change nothing or name no
   * message of ours, unusable senders, message ids too long to keep, and every event for a phone number
   * id that no inbox has.
   */
  ignored: number;
}

/**
 * The public Cloud API webhook, once its signature is checked: inbound messages of every type are kept,
 * creating the contact and conversation as needed and opening the 24-hour window; statuses settle
 * outbound messages; errors about the number are logged and kept per inbox. Meta redelivers until it
 * gets a 200, so a message may arrive twice and is recorded once. The provider bounds no value, the
 * records do (`provider-lengths.ts`): what is too long is fitted, with a warning, before storage sees it,
 * so that every backend keeps the same thing and one such value never fails the delivery.
 *
 * Each stored message writes `whatsapp.message.received` (after `whatsapp.contact.created` when its sender
 * is new), and each status that moves a message `whatsapp.message.status_changed`, in the transaction of
 * that write: a redelivery, or a status that changes nothing, stores nothing and writes no event.
 */
export class RecordCloudApiEvents {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly inboxes: InboxRepository,
    private readonly contacts: ContactRepository,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly inboxErrors: InboxErrorRepository,
    private readonly events: EventLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(command: RecordCloudApiEventsCommand): Promise<RecordCloudApiEventsResult> {
    const result: RecordCloudApiEventsResult = { messages: 0, statuses: 0, errors: 0, ignored: 0 };
    try {
      await this.recordChanges(command, result);
    } finally {
      // Every message or status stored wrote its event; what committed before a failure is dispatched too.
      if (result.messages + result.statuses > 0) this.trigger.kick();
    }
    return result;
  }

  private async recordChanges(command: RecordCloudApiEventsCommand, result: RecordCloudApiEventsResult): Promise<void> {
    for (const change of command.changes) {
      const inbox = await this.inboxOf(change.phoneNumberId);
      if (!inbox) {
        result.ignored += change.messages.length + change.statuses.length + change.errors.length;
        continue;
      }
      const team = { teamId: inbox.teamId };
      for (const error of change.errors) {
        await this.uow.run(() => this.recordError(team, inbox, error));
        result.errors++;
      }
      for (const given of change.messages) {
        const event = this.keptInbound(team, inbox, given);
        if (event && (await this.retrying(() => this.recordInbound(team, inbox, event)))) result.messages++;
        else result.ignored++;
      }
      for (const event of change.statuses) {
        // No message keeps an id that long, so none is looked for.
        const known = Message.keepsProviderMessageId(event.providerMessageId);
        if (known && (await this.uow.run(() => this.recordStatus(team, inbox, event)))) result.statuses++;
        else result.ignored++;
      }
    }
  }

  /** No inbox keeps a phone number id longer than its column, so none is looked for. */
  private async inboxOf(phoneNumberId: string): Promise<InboxData | null> {
    if (!fitsLength(phoneNumberId, INBOX_PHONE_NUMBER_ID_LENGTH)) {
      this.logger.warn({ length: phoneNumberId.length }, 'Cloud API webhook for a phone number id longer than an inbox keeps');
      return null;
    }
    const inbox = await this.inboxes.findByPhoneNumberId(phoneNumberId);
    if (!inbox) this.logger.warn({ phoneNumberId }, 'Cloud API webhook for an unknown phone number id');
    return inbox;
  }

  /**
   * The message as it can be kept, or null when its own id is too long to keep: that id is how
   * redeliveries and statuses find the message, so it is never cut. Other values too long are fitted.
   */
  private keptInbound(team: TeamContext, inbox: InboxData, event: InboundMessageEvent): InboundMessageEvent | null {
    const where = { teamId: team.teamId, inboxId: inbox.id };
    if (!Message.keepsProviderMessageId(event.providerMessageId)) {
      this.logger.warn({ ...where, length: event.providerMessageId.length }, 'Cloud API message id longer than a message keeps; skipped');
      return null;
    }
    const { content, cut, omitted } = fitInboundContent(event.content);
    if (cut.length > 0 || omitted.length > 0) {
      this.logger.warn(
        { ...where, providerMessageId: event.providerMessageId, cut, omitted },
        'Cloud API message with values longer than a message keeps; kept fitted',
      );
    }
    return { ...event, content };
  }

  /**
   * Copies of one delivery (Meta redelivers; several nodes take them at once) race on the unique keys of
   * the contact, the conversation and the message, and the transaction that loses is undone. Each loss
   * means another one committed that row, so the next attempt finds it: a message already stored is then
   * answered as ignored. One attempt per unique key it can lose on, and a last one.
   */
  private async retrying(work: () => Promise<boolean>): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.uow.run(work);
      } catch (err) {
        if (!(err instanceof Duplicate) || attempt >= MAX_ATTEMPTS) throw err;
      }
    }
  }

  private async recordInbound(team: TeamContext, inbox: InboxData, event: InboundMessageEvent): Promise<boolean> {
    const now = this.clock.now();
    let phone: PhoneNumber;
    try {
      phone = PhoneNumber.fromProvider(event.from);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      this.logger.warn({ from: event.from }, 'Cloud API message from an unusable number');
      return false;
    }
    if (await this.messages.findByProviderMessageId(team, inbox.id, event.providerMessageId)) return false;
    // A clock ahead of ours must not stretch the window beyond 24 hours from now.
    const sentAt = event.sentAt.getTime() > now.getTime() ? now : event.sentAt;

    const found = await this.contacts.findByPhoneKey(team, phone.canonical);
    const contact = found ? Contact.restore(found) : Contact.create(this.ids.next(), team.teamId, phone, {}, now, event.profileName);
    if (!found) await this.contacts.insert(contact.snapshot());
    else if (contact.notePushName(event.profileName, now)) await this.contacts.update(contact.snapshot());
    if (event.newWaId !== null) await this.followNumberChange(team, contact, event.newWaId, now);
    const drafts: EventDraft[] = [];
    if (!found) drafts.push(this.events.draft('whatsapp.contact.created', 'whatsappContact', contact.id, contact.snapshot()));

    const existing = await this.conversations.findByInboxAndContact(team, inbox.id, contact.id);
    const conversation = existing
      ? Conversation.restore(existing)
      : Conversation.open(this.ids.next(), team.teamId, inbox, contact.id, now);
    if (opensServiceWindow(event.content.type)) conversation.receiveInbound(sentAt, now);
    else conversation.receiveNotice(sentAt, now);
    conversation.noteReferral(event.content.referral, now);
    if (existing) await this.conversations.update(conversation.snapshot());
    else await this.conversations.insert(conversation.snapshot());

    const message = Message.inbound(this.ids.next(), team.teamId, conversation, event.content, event.providerMessageId, sentAt, now);
    const data = message.snapshot();
    await this.messages.insert(data);
    drafts.push(this.events.draft('whatsapp.message.received', 'whatsappMessage', data.id, data));
    await this.events.append(team, drafts, now);
    return true;
  }

  /**
   * The customer now writes from another number. Two contacts are never merged: when the new number
   * already has its own contact, this one keeps the old number (and the notice stays in its history).
   */
  private async followNumberChange(team: TeamContext, contact: Contact, newWaId: string, now: Date): Promise<void> {
    let phone: PhoneNumber;
    try {
      phone = PhoneNumber.fromProvider(newWaId);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      this.logger.warn({ contactId: contact.id, newWaId }, 'Cloud API number change to an unusable number');
      return;
    }
    const holder = await this.contacts.findByPhoneKey(team, phone.canonical);
    if (holder && holder.id !== contact.id) {
      this.logger.warn(
        { contactId: contact.id, otherContactId: holder.id },
        'Cloud API number change to a number that has its own contact; not merged',
      );
      return;
    }
    if (contact.changeNumber(phone, now)) await this.contacts.update(contact.snapshot());
  }

  private async recordError(team: TeamContext, inbox: InboxData, error: ProviderError): Promise<void> {
    const where = { teamId: team.teamId, inboxId: inbox.id };
    this.logger.warn({ ...where, ...error }, 'Cloud API reported an error for the number');
    // A code is not cut: a shorter one would be another error's. The title and the detail still tell it.
    const code = error.code !== null && fitsLength(error.code, INBOX_ERROR_CODE_LENGTH) ? error.code : null;
    if (code !== error.code)
      this.logger.warn({ ...where, omitted: ['code'] }, 'Cloud API error code longer than an inbox error keeps; left out');
    await this.inboxErrors.insert({
      id: this.ids.next(),
      teamId: team.teamId,
      inboxId: inbox.id,
      ...error,
      code,
      createdAt: this.clock.now().toISOString(),
    });
  }

  private async recordStatus(team: TeamContext, inbox: InboxData, event: DeliveryStatusEvent): Promise<boolean> {
    const found = await this.messages.findByProviderMessageId(team, inbox.id, event.providerMessageId);
    if (!found) return false;
    const now = this.clock.now();
    const message = Message.restore(found);
    if (!message.applyDeliveryStatus(event.status, event.error, now)) return false;
    const data = message.snapshot();
    await this.messages.update(data);
    await this.events.append(team, [this.events.draft('whatsapp.message.status_changed', 'whatsappMessage', data.id, data, found)], now);
    return true;
  }
}
