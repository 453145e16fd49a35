import { DomainError, Duplicate } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Contact } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { Conversation } from '../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { InboxData } from '../../domain/whatsapp/inbox';
import { InboxRepository } from '../../domain/whatsapp/inbox-repository';
import { InboxErrorRepository } from '../../domain/whatsapp/inbox-error-repository';
import { DeliveryStatus, InboundContent, Message, ProviderError, opensServiceWindow } from '../../domain/whatsapp/message';
import { MessageRepository } from '../../domain/whatsapp/message-repository';
import { PhoneNumber } from '../../domain/shared/phone-number';
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
   * message of ours, unusable senders, and every event for a phone number id that no inbox has.
   */
  ignored: number;
}

/**
 * The public Cloud API webhook, once its signature is checked: inbound messages of every type are kept,
 * creating the contact and conversation as needed and opening the 24-hour window; statuses settle
 * outbound messages; errors about the number are logged and kept per inbox. Meta redelivers until it
 * gets a 200, so a message may arrive twice and is recorded once.
 */
export class RecordCloudApiEvents {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly inboxes: InboxRepository,
    private readonly contacts: ContactRepository,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly inboxErrors: InboxErrorRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async execute(command: RecordCloudApiEventsCommand): Promise<RecordCloudApiEventsResult> {
    const result: RecordCloudApiEventsResult = { messages: 0, statuses: 0, errors: 0, ignored: 0 };
    for (const change of command.changes) {
      const inbox = await this.inboxes.findByPhoneNumberId(change.phoneNumberId);
      if (!inbox) {
        this.logger.warn({ phoneNumberId: change.phoneNumberId }, 'Cloud API webhook for an unknown phone number id');
        result.ignored += change.messages.length + change.statuses.length + change.errors.length;
        continue;
      }
      const team = { teamId: inbox.teamId };
      for (const error of change.errors) {
        await this.uow.run(() => this.recordError(team, inbox, error));
        result.errors++;
      }
      for (const event of change.messages) {
        if (await this.retrying(() => this.recordInbound(team, inbox, event))) result.messages++;
        else result.ignored++;
      }
      for (const event of change.statuses) {
        if (await this.uow.run(() => this.recordStatus(team, inbox, event))) result.statuses++;
        else result.ignored++;
      }
    }
    return result;
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
    await this.messages.insert(message.snapshot());
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
    this.logger.warn({ teamId: team.teamId, inboxId: inbox.id, ...error }, 'Cloud API reported an error for the number');
    await this.inboxErrors.insert({
      id: this.ids.next(),
      teamId: team.teamId,
      inboxId: inbox.id,
      ...error,
      createdAt: this.clock.now().toISOString(),
    });
  }

  private async recordStatus(team: TeamContext, inbox: InboxData, event: DeliveryStatusEvent): Promise<boolean> {
    const found = await this.messages.findByProviderMessageId(team, inbox.id, event.providerMessageId);
    if (!found) return false;
    const message = Message.restore(found);
    if (!message.applyDeliveryStatus(event.status, event.error, this.clock.now())) return false;
    await this.messages.update(message.snapshot());
    return true;
  }
}
