import { whatsappActor } from '../../domain/shared/team';
import { Unauthorized } from '../../domain/shared/errors';
import { isUuid } from '../../domain/shared/values';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { ConnectionState, Inbox, InboxData } from '../../domain/whatsapp/inbox';
import { InboxRepository } from '../../domain/whatsapp/inbox-repository';
import { Message } from '../../domain/whatsapp/message';
import { MessageRepository } from '../../domain/whatsapp/message-repository';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { Logger } from '../shared/logger';
import { SecretHasher } from '../shared/secret-hasher';
import { UnitOfWork } from '../shared/unit-of-work';
import { DeliveryStatusEvent, InboundMessageEvent, InboundMessages } from './inbound-messages';

const SOURCE = 'Evolution';

/** One event of an Evolution webhook body, read out of its format. */
export type EvolutionEvent =
  /** `messages.upsert` or `send.message`; `fromMe` when the business sent it (from its phone, or this API). */
  | { kind: 'message'; fromMe: boolean; message: InboundMessageEvent }
  /** A message of a group, a broadcast list, a status or a channel: not a conversation with one customer. */
  | { kind: 'group' }
  /** `messages.update`: a delivery status of a message the business sent. */
  | { kind: 'status'; status: DeliveryStatusEvent }
  /** `connection.update`: the state of the instance's WhatsApp session. */
  | { kind: 'connection'; state: ConnectionState; statusReason: string | null }
  /** Anything else (`qrcode.updated`, `contacts.upsert`, a `PENDING` status…): received, not stored. */
  | { kind: 'ignored' };

export interface RecordEvolutionEventsCommand {
  /** The inbox named in the webhook's URL, as sent (it may not be an id at all). */
  inboxId: string;
  /**
   * The keys the request carries: the body's `apikey` (Evolution puts its instance's token there) and an
   * `apikey` header (which Evolution's webhook `headers` setting can carry). One must be the inbox's key.
   */
  apiKeys: string[];
  /** When Evolution sent the body (`date_time`); null when it did not say, and then it is now. */
  reportedAt: Date | null;
  events: EvolutionEvent[];
}

export interface RecordEvolutionEventsResult {
  /** Customers' messages stored. */
  messages: number;
  /** Messages sent from the business phone, stored as outbound. */
  sent: number;
  statuses: number;
  connectionUpdates: number;
  /** Messages of groups, broadcasts, statuses and channels: never stored. */
  ignoredGroups: number;
  /**
   * Everything else received and not stored: redeliveries, echoes of messages already stored, statuses
   * that change nothing or name no message of the inbox, connection reports older than the one kept, and
   * the events the API does not keep.
   */
  ignored: number;
}

/**
 * The public Evolution webhook of one inbox. The body's `apikey` or the `apikey` header must be the inbox's
 * Evolution API key (compared in constant time); otherwise, or when the URL names no Evolution inbox, Unauthorized and
 * nothing is stored. Then, as the Cloud API webhook does: customers' messages of every type are kept
 * (`whatsapp.message.received`), statuses settle outbound messages (`whatsapp.message.status_changed`),
 * each in its own transaction with its events, and a redelivery stores nothing. Messages the business sent
 * from its phone are kept as outbound and `sent` (`whatsapp.message.sent`), without opening the 24-hour
 * window. The session's state is kept on the inbox, and a lost connection is logged.
 */
export class RecordEvolutionEvents {
  private readonly inbound: InboundMessages;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly inboxes: InboxRepository,
    contacts: ContactRepository,
    conversations: ConversationRepository,
    messages: MessageRepository,
    events: EventLog,
    ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly hasher: SecretHasher,
    private readonly trigger: DealDispatchTrigger,
  ) {
    this.inbound = new InboundMessages(uow, contacts, conversations, messages, events, ids, clock, logger);
  }

  async execute(command: RecordEvolutionEventsCommand): Promise<RecordEvolutionEventsResult> {
    const inbox = await this.authenticated(command);
    const result: RecordEvolutionEventsResult = { messages: 0, sent: 0, statuses: 0, connectionUpdates: 0, ignoredGroups: 0, ignored: 0 };
    try {
      for (const event of command.events) await this.record(inbox, event, command.reportedAt, result);
    } finally {
      // Every message or status stored wrote its event; what committed before a failure is dispatched too.
      if (result.messages + result.sent + result.statuses > 0) this.trigger.kick();
    }
    return result;
  }

  /** The inbox the URL names, when it is an Evolution inbox and the key is its own; one answer for every refusal. */
  private async authenticated(command: RecordEvolutionEventsCommand): Promise<InboxData> {
    const inbox = isUuid(command.inboxId) ? await this.inboxes.findByIdAcrossTeams(command.inboxId.toLowerCase()) : null;
    const expected = inbox?.credentials.channel === 'evolution' ? this.hasher.hash(inbox.credentials.apiKey) : null;
    // Hashing both sides compares digests of one length, so the time taken tells nothing of the key.
    if (!inbox || expected === null || !command.apiKeys.some((key) => this.hasher.matches(key, expected))) {
      this.logger.warn({ inboxId: inbox?.id ?? null }, 'Evolution webhook refused: unknown inbox or wrong apikey');
      throw new Unauthorized('apikey does not match an Evolution inbox');
    }
    return inbox;
  }

  private async record(
    inbox: InboxData,
    event: EvolutionEvent,
    reportedAt: Date | null,
    result: RecordEvolutionEventsResult,
  ): Promise<void> {
    const team = { teamId: inbox.teamId, actor: whatsappActor(inbox.id) };
    switch (event.kind) {
      case 'message': {
        const kept = this.inbound.kept(SOURCE, team, inbox, event.message);
        const record = event.fromMe ? this.inbound.sentElsewhere.bind(this.inbound) : this.inbound.received.bind(this.inbound);
        if (kept && (await this.inbound.retrying(() => record(SOURCE, team, inbox, kept)))) {
          if (event.fromMe) result.sent++;
          else result.messages++;
        } else result.ignored++;
        return;
      }
      case 'status': {
        // No message keeps an id that long, so none is looked for.
        const known = Message.keepsProviderMessageId(event.status.providerMessageId);
        if (known && (await this.uow.run(() => this.inbound.status(team, inbox, event.status)))) result.statuses++;
        else result.ignored++;
        return;
      }
      case 'connection':
        if (await this.uow.run(() => this.recordConnection(inbox, event.state, event.statusReason, reportedAt))) result.connectionUpdates++;
        else result.ignored++;
        return;
      case 'group':
        result.ignoredGroups++;
        return;
      case 'ignored':
        result.ignored++;
        return;
    }
  }

  private async recordConnection(
    given: InboxData,
    state: ConnectionState,
    statusReason: string | null,
    reportedAt: Date | null,
  ): Promise<boolean> {
    const team = { teamId: given.teamId };
    const found = await this.inboxes.findById(team, given.id);
    if (!found) return false;
    const now = this.clock.now();
    const inbox = Inbox.restore(found);
    const change = inbox.reportConnection(state, reportedAt ?? now, now);
    if (!change) return false;
    // A concurrent delivery may have written a newer report since it was read: that one stays.
    if (!(await this.inboxes.updateConnection(team, inbox.snapshot()))) return false;
    if (change.previous === 'open' && state !== 'open') {
      this.logger.warn({ teamId: team.teamId, inboxId: inbox.id, state, statusReason }, 'Evolution instance lost its WhatsApp connection');
    }
    return true;
  }
}
