import { randomBytes } from 'node:crypto';
import { DomainError } from '../../../../domain/shared/errors';
import { expect } from 'chai';
// The WhatsApp use cases over the memory adapters, with a clock the test moves and a scripted provider.
import { Logger } from '../../../../application/shared/logger';
import { OutboundMessage, ProviderFailure, ProviderReceipt, WhatsAppProvider } from '../../../../application/whatsapp/whatsapp-provider';
import { MemoryClientRepository } from '../../../../adapters/persistence/memory/clients/memory-client-repository';
import { MemoryStore, MemoryUnitOfWork } from '../../../../adapters/persistence/memory/shared/memory-store';
import { MemoryContactRepository } from '../../../../adapters/persistence/memory/whatsapp/memory-contact-repository';
import { MemoryConversationRepository } from '../../../../adapters/persistence/memory/whatsapp/memory-conversation-repository';
import { MemoryInboxErrorRepository } from '../../../../adapters/persistence/memory/whatsapp/memory-inbox-error-repository';
import { MemoryInboxRepository } from '../../../../adapters/persistence/memory/whatsapp/memory-inbox-repository';
import { MemoryMessageRepository } from '../../../../adapters/persistence/memory/whatsapp/memory-message-repository';
import { AesGcmCipher } from '../../../../adapters/system/aes-gcm-cipher';
import { HttpEventObjects } from '../../../../adapters/http/events/http-event-objects';
import { MemoryEventOutbox } from '../../../../adapters/persistence/memory/events/memory-event-outbox';
import { EventLog } from '../../../../application/events/event-log';
import { CreateContact } from '../../../../application/whatsapp/create-contact';
import { RecordCloudApiEvents } from '../../../../application/whatsapp/record-cloud-api-events';
import { SendWhatsAppMessage } from '../../../../application/whatsapp/send-whatsapp-message';
import { MediaProbe } from '../../../../application/whatsapp/media-probe';
import { StatedFile } from '../../../../domain/whatsapp/outbound-content';
import { Inbox, InboxData, InboxSetup } from '../../../../domain/whatsapp/inbox';

export class ScriptedProvider implements WhatsAppProvider {
  readonly sent: OutboundMessage[] = [];
  next: ((m: OutboundMessage) => Promise<ProviderReceipt>) | null = null;
  private n = 0;

  async send(m: OutboundMessage): Promise<ProviderReceipt> {
    this.sent.push(m);
    if (this.next) return this.next(m);
    return { providerMessageId: `wamid.${++this.n}` };
  }

  failWith(failure: ProviderFailure): void {
    this.next = async () => {
      throw failure;
    };
  }
}

export class RecordingLogger implements Logger {
  readonly lines: { level: string; message: string }[] = [];
  debug(_: Record<string, unknown>, message: string) {
    this.lines.push({ level: 'debug', message });
  }
  info(_: Record<string, unknown>, message: string) {
    this.lines.push({ level: 'info', message });
  }
  warn(_: Record<string, unknown>, message: string) {
    this.lines.push({ level: 'warn', message });
  }
  error(_: Record<string, unknown>, message: string) {
    this.lines.push({ level: 'error', message });
  }
}

export class WhatsAppWorld {
  private seq = 0;
  private at = new Date('2026-03-01T12:00:00.000Z');
  readonly store = new MemoryStore();
  readonly uow = new MemoryUnitOfWork(this.store);
  readonly clients = new MemoryClientRepository(this.store);
  readonly contacts = new MemoryContactRepository(this.store);
  readonly inboxes = new MemoryInboxRepository(this.store, new AesGcmCipher(randomBytes(32)));
  readonly conversations = new MemoryConversationRepository(this.store);
  readonly messages = new MemoryMessageRepository(this.store);
  readonly inboxErrors = new MemoryInboxErrorRepository(this.store);
  readonly provider = new ScriptedProvider();
  /** What the media links' servers "say"; every link is allowed. */
  readonly probe: MediaProbe & { stated: StatedFile; probed: string[] } = {
    stated: { contentType: null, contentLength: null },
    probed: [],
    async probe(url: string): Promise<StatedFile> {
      this.probed.push(url);
      return this.stated;
    },
  };
  readonly logger = new RecordingLogger();
  readonly ids = { next: (): string => `0190a0b0-0000-7000-8000-${String(++this.seq).padStart(12, '0')}` };
  readonly clock = { now: (): Date => this.at };
  readonly team = { teamId: '0190a0b0-0000-7000-8000-00000000aaaa' };
  /** The event log, over the memory outbox of the same store (so it joins the unit of work). */
  readonly outbox = new MemoryEventOutbox(this.store);
  readonly events = new EventLog(this.outbox, this.ids, new HttpEventObjects());
  /** Counts the dispatcher's wake-ups. */
  readonly trigger = {
    kicks: 0,
    kick(): void {
      this.kicks++;
    },
  };
  readonly otherTeam = { teamId: '0190a0b0-0000-7000-8000-00000000bbbb' };

  recordCloudApiEvents(): RecordCloudApiEvents {
    return new RecordCloudApiEvents(
      this.uow,
      this.inboxes,
      this.contacts,
      this.conversations,
      this.messages,
      this.inboxErrors,
      this.events,
      this.ids,
      this.clock,
      this.logger,
      this.trigger,
    );
  }

  sendMessage(): SendWhatsAppMessage {
    return new SendWhatsAppMessage(
      this.uow,
      this.inboxes,
      this.contacts,
      this.conversations,
      this.messages,
      this.provider,
      this.probe,
      this.events,
      this.ids,
      this.clock,
      this.logger,
      this.trigger,
    );
  }

  createContact(): CreateContact {
    return new CreateContact(this.uow, this.contacts, this.clients, this.events, this.ids, this.clock, this.trigger);
  }

  advance(hours: number): void {
    this.at = new Date(this.at.getTime() + hours * 3600_000);
  }

  async inbox(setup: Partial<InboxSetup> & { channel: string }, teamId = this.team.teamId): Promise<InboxData> {
    const defaults: Record<string, Partial<InboxSetup>> = {
      cloud_api: { phoneNumberId: `pn-${this.seq + 1}`, accessToken: 'token' },
      evolution: { baseUrl: 'http://127.0.0.1:9', instance: 'main', apiKey: 'k' },
      sandbox: {},
    };
    const inbox = Inbox.create(this.ids.next(), teamId, { name: 'Inbox', ...defaults[setup.channel], ...setup }, this.at).snapshot();
    await this.inboxes.insert(inbox);
    return inbox;
  }
}

export const world = (): WhatsAppWorld => new WhatsAppWorld();

/** The domain error a use case threw (fails the test when it resolved instead). */
export const errorOf = async (p: Promise<unknown>): Promise<DomainError> => {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error('expected a domain error');
};
