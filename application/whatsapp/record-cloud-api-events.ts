import { TeamContext, whatsappActor } from '../../domain/shared/team';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { InboxData } from '../../domain/whatsapp/inbox';
import { InboxRepository } from '../../domain/whatsapp/inbox-repository';
import { InboxErrorRepository } from '../../domain/whatsapp/inbox-error-repository';
import { Message, ProviderError } from '../../domain/whatsapp/message';
import { MessageRepository } from '../../domain/whatsapp/message-repository';
import { INBOX_ERROR_CODE_LENGTH, INBOX_PHONE_NUMBER_ID_LENGTH, fitsLength } from '../../domain/whatsapp/provider-lengths';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { Logger } from '../shared/logger';
import { UnitOfWork } from '../shared/unit-of-work';
import { DeliveryStatusEvent, InboundMessageEvent, InboundMessages } from './inbound-messages';

export type { DeliveryStatusEvent, InboundMessageEvent } from './inbound-messages';

const SOURCE = 'Cloud API';

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
    contacts: ContactRepository,
    conversations: ConversationRepository,
    messages: MessageRepository,
    private readonly inboxErrors: InboxErrorRepository,
    events: EventLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly trigger: DealDispatchTrigger,
  ) {
    this.inbound = new InboundMessages(uow, contacts, conversations, messages, events, ids, clock, logger);
  }

  private readonly inbound: InboundMessages;

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
      const team = { teamId: inbox.teamId, actor: whatsappActor(inbox.id) };
      for (const error of change.errors) {
        await this.uow.run(() => this.recordError(team, inbox, error));
        result.errors++;
      }
      for (const given of change.messages) {
        const event = this.inbound.kept(SOURCE, team, inbox, given);
        if (event && (await this.inbound.retrying(() => this.inbound.received(SOURCE, team, inbox, event)))) result.messages++;
        else result.ignored++;
      }
      for (const event of change.statuses) {
        // No message keeps an id that long, so none is looked for.
        const known = Message.keepsProviderMessageId(event.providerMessageId);
        if (known && (await this.uow.run(() => this.inbound.status(team, inbox, event)))) result.statuses++;
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
}
