import { Container } from 'inversify';
import { whatsappCommands } from '../../adapters/cli/whatsapp/whatsapp-commands';
import { whatsappRoutes } from '../../adapters/http/whatsapp/whatsapp-routes';
import { KnexContactRepository } from '../../adapters/persistence/knex/whatsapp/knex-contact-repository';
import { KnexConversationRepository } from '../../adapters/persistence/knex/whatsapp/knex-conversation-repository';
import { KnexInboxErrorRepository } from '../../adapters/persistence/knex/whatsapp/knex-inbox-error-repository';
import { KnexInboxRepository } from '../../adapters/persistence/knex/whatsapp/knex-inbox-repository';
import { KnexMessageRepository } from '../../adapters/persistence/knex/whatsapp/knex-message-repository';
import { MemoryContactRepository } from '../../adapters/persistence/memory/whatsapp/memory-contact-repository';
import { MemoryConversationRepository } from '../../adapters/persistence/memory/whatsapp/memory-conversation-repository';
import { MemoryInboxErrorRepository } from '../../adapters/persistence/memory/whatsapp/memory-inbox-error-repository';
import { MemoryInboxRepository } from '../../adapters/persistence/memory/whatsapp/memory-inbox-repository';
import { MemoryMessageRepository } from '../../adapters/persistence/memory/whatsapp/memory-message-repository';
import { ChannelProvider } from '../../adapters/whatsapp/channel-provider';
import { CloudApiProvider } from '../../adapters/whatsapp/cloud-api-provider';
import { EvolutionProvider } from '../../adapters/whatsapp/evolution-provider';
import { ProviderUrlGuard } from '../../adapters/whatsapp/provider-url-guard';
import { SandboxProvider } from '../../adapters/whatsapp/sandbox-provider';
import { AesGcmCipher, NoKeyCipher, parseSecretsKey } from '../../adapters/system/aes-gcm-cipher';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { Logger } from '../../application/shared/logger';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { CreateContact } from '../../application/whatsapp/create-contact';
import { CreateInbox } from '../../application/whatsapp/create-inbox';
import { CredentialCipher } from '../../application/whatsapp/credential-cipher';
import { DeleteContact } from '../../application/whatsapp/delete-contact';
import { GetContact } from '../../application/whatsapp/get-contact';
import { GetConversation } from '../../application/whatsapp/get-conversation';
import { ListContacts } from '../../application/whatsapp/list-contacts';
import { ListConversationMessages } from '../../application/whatsapp/list-conversation-messages';
import { ListConversations } from '../../application/whatsapp/list-conversations';
import { ListInboxErrors } from '../../application/whatsapp/list-inbox-errors';
import { ListInboxes } from '../../application/whatsapp/list-inboxes';
import { RecordCloudApiEvents } from '../../application/whatsapp/record-cloud-api-events';
import { SendWhatsAppText } from '../../application/whatsapp/send-whatsapp-text';
import { UpdateContact } from '../../application/whatsapp/update-contact';
import { WhatsAppProvider } from '../../application/whatsapp/whatsapp-provider';
import { ClientRepository } from '../../domain/clients/client-repository';
import { TeamRepository } from '../../domain/teams/team-repository';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { InboxErrorRepository } from '../../domain/whatsapp/inbox-error-repository';
import { InboxRepository } from '../../domain/whatsapp/inbox-repository';
import { MessageRepository } from '../../domain/whatsapp/message-repository';
import { Config } from '../config';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';
import { CLIENT_TOKENS } from './clients';
import { TEAM_TOKENS } from './teams';

export interface WhatsAppProviderOptions {
  /** How long an outbound provider call may take before it counts as failed (502). */
  timeoutMs: number;
}

export const WHATSAPP_TOKENS = {
  ContactRepository: Symbol.for('WhatsAppContactRepository'),
  InboxRepository: Symbol.for('WhatsAppInboxRepository'),
  ConversationRepository: Symbol.for('WhatsAppConversationRepository'),
  MessageRepository: Symbol.for('WhatsAppMessageRepository'),
  InboxErrorRepository: Symbol.for('WhatsAppInboxErrorRepository'),
  Provider: Symbol.for('WhatsAppProvider'),
  ProviderOptions: Symbol.for('WhatsAppProviderOptions'),
  CredentialCipher: Symbol.for('WhatsAppCredentialCipher'),
} as const;

const T = WHATSAPP_TOKENS;

/** Where this API listens, so that no provider URL can point back at it. */
const selfOrigins = (config: Config): string[] => [`http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`];

export const whatsappContext: BoundedContext = {
  name: 'whatsapp',
  bind(c, storage) {
    const repository = <R>(token: symbol, memory: (store: never) => R, knex: (db: never) => R) =>
      c.bind<R>(token).toDynamicValue((ctx) =>
        byStorage<R>(storage, () => memory(ctx.get(TOKENS.MemoryStore)), () => knex(ctx.get(TOKENS.KnexDatabase)))).inSingletonScope();
    repository<ContactRepository>(T.ContactRepository, (s) => new MemoryContactRepository(s), (d) => new KnexContactRepository(d));
    // Without SECRETS_KEY, inboxes whose credentials hold a secret cannot be stored (the sandbox can).
    c.bind<CredentialCipher>(T.CredentialCipher).toResolvedValue(
      (config: Config) => (config.secretsKey ? new AesGcmCipher(parseSecretsKey(config.secretsKey)) : new NoKeyCipher()), [TOKENS.Config]).inSingletonScope();
    c.bind<InboxRepository>(T.InboxRepository).toDynamicValue((ctx) => {
      const cipher = ctx.get<CredentialCipher>(T.CredentialCipher);
      return byStorage<InboxRepository>(storage, () => new MemoryInboxRepository(ctx.get(TOKENS.MemoryStore), cipher), () => new KnexInboxRepository(ctx.get(TOKENS.KnexDatabase), cipher));
    }).inSingletonScope();
    repository<ConversationRepository>(T.ConversationRepository, (s) => new MemoryConversationRepository(s), (d) => new KnexConversationRepository(d));
    repository<MessageRepository>(T.MessageRepository, (s) => new MemoryMessageRepository(s), (d) => new KnexMessageRepository(d));
    repository<InboxErrorRepository>(T.InboxErrorRepository, (s) => new MemoryInboxErrorRepository(s), (d) => new KnexInboxErrorRepository(d));

    c.bind<WhatsAppProviderOptions>(T.ProviderOptions).toConstantValue({ timeoutMs: 10_000 });
    c.bind<WhatsAppProvider>(T.Provider).toResolvedValue((config: Config, options: WhatsAppProviderOptions) => {
      const guard = new ProviderUrlGuard({ selfOrigins: selfOrigins(config), allowPrivateNetworks: config.providerAllowPrivateNetworks });
      return new ChannelProvider({
        cloud_api: new CloudApiProvider({ baseUrl: config.whatsapp.cloudApiUrl, timeoutMs: options.timeoutMs, guard }),
        evolution: new EvolutionProvider({ timeoutMs: options.timeoutMs, guard }),
        sandbox: new SandboxProvider(),
      });
    }, [TOKENS.Config, T.ProviderOptions]).inSingletonScope();

    const R = [TOKENS.UnitOfWork, T.InboxRepository, T.ContactRepository, T.ConversationRepository, T.MessageRepository] as const;
    c.bind(ListContacts).toResolvedValue(
      (r: ContactRepository, cr: ClientRepository) => new ListContacts(r, cr), [T.ContactRepository, CLIENT_TOKENS.ClientRepository]).inSingletonScope();
    c.bind(GetContact).toResolvedValue((r: ContactRepository) => new GetContact(r), [T.ContactRepository]).inSingletonScope();
    c.bind(CreateContact).toResolvedValue(
      (u: UnitOfWork, r: ContactRepository, cr: ClientRepository, i: IdGenerator, cl: Clock) => new CreateContact(u, r, cr, i, cl),
      [TOKENS.UnitOfWork, T.ContactRepository, CLIENT_TOKENS.ClientRepository, TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
    c.bind(UpdateContact).toResolvedValue(
      (u: UnitOfWork, r: ContactRepository, cr: ClientRepository, cl: Clock) => new UpdateContact(u, r, cr, cl),
      [TOKENS.UnitOfWork, T.ContactRepository, CLIENT_TOKENS.ClientRepository, TOKENS.Clock]).inSingletonScope();
    c.bind(DeleteContact).toResolvedValue(
      (u: UnitOfWork, r: ContactRepository, v: ConversationRepository) => new DeleteContact(u, r, v),
      [TOKENS.UnitOfWork, T.ContactRepository, T.ConversationRepository]).inSingletonScope();
    c.bind(SendWhatsAppText).toResolvedValue(
      (u: UnitOfWork, ib: InboxRepository, ct: ContactRepository, cv: ConversationRepository, m: MessageRepository, p: WhatsAppProvider, i: IdGenerator, cl: Clock, l: Logger) =>
        new SendWhatsAppText(u, ib, ct, cv, m, p, i, cl, l),
      [...R, T.Provider, TOKENS.IdGenerator, TOKENS.Clock, TOKENS.Logger]).inSingletonScope();
    c.bind(RecordCloudApiEvents).toResolvedValue(
      (u: UnitOfWork, ib: InboxRepository, ct: ContactRepository, cv: ConversationRepository, m: MessageRepository, e: InboxErrorRepository, i: IdGenerator, cl: Clock, l: Logger) =>
        new RecordCloudApiEvents(u, ib, ct, cv, m, e, i, cl, l),
      [...R, T.InboxErrorRepository, TOKENS.IdGenerator, TOKENS.Clock, TOKENS.Logger]).inSingletonScope();
    c.bind(ListConversations).toResolvedValue(
      (v: ConversationRepository, ib: InboxRepository, ct: ContactRepository) => new ListConversations(v, ib, ct),
      [T.ConversationRepository, T.InboxRepository, T.ContactRepository]).inSingletonScope();
    c.bind(GetConversation).toResolvedValue((v: ConversationRepository) => new GetConversation(v), [T.ConversationRepository]).inSingletonScope();
    c.bind(ListConversationMessages).toResolvedValue(
      (v: ConversationRepository, m: MessageRepository) => new ListConversationMessages(v, m),
      [T.ConversationRepository, T.MessageRepository]).inSingletonScope();
    c.bind(ListInboxErrors).toResolvedValue(
      (e: InboxErrorRepository, ib: InboxRepository, t: TeamRepository) => new ListInboxErrors(e, ib, t),
      [T.InboxErrorRepository, T.InboxRepository, TEAM_TOKENS.TeamRepository]).inSingletonScope();
    c.bind(ListInboxes).toResolvedValue((ib: InboxRepository, t: TeamRepository) => new ListInboxes(ib, t),
      [T.InboxRepository, TEAM_TOKENS.TeamRepository]).inSingletonScope();
    c.bind(CreateInbox).toResolvedValue(
      (u: UnitOfWork, ib: InboxRepository, t: TeamRepository, i: IdGenerator, cl: Clock) => new CreateInbox(u, ib, t, i, cl),
      [TOKENS.UnitOfWork, T.InboxRepository, TEAM_TOKENS.TeamRepository, TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
  },
  routes: (c: Container) => {
    const config = c.get<Config>(TOKENS.Config);
    return whatsappRoutes(
      {
        listContacts: c.get(ListContacts), createContact: c.get(CreateContact), getContact: c.get(GetContact),
        updateContact: c.get(UpdateContact), deleteContact: c.get(DeleteContact), sendText: c.get(SendWhatsAppText),
        listConversations: c.get(ListConversations), getConversation: c.get(GetConversation),
        listConversationMessages: c.get(ListConversationMessages),
      },
      { record: c.get(RecordCloudApiEvents), appSecret: config.whatsapp.appSecret, verifyToken: config.whatsapp.verifyToken },
    );
  },
  commands: (c: Container) => whatsappCommands(() => ({ createInbox: c.get(CreateInbox), listInboxes: c.get(ListInboxes), listInboxErrors: c.get(ListInboxErrors) })),
  async seedDemo(c, team) {
    // A sandbox inbox with one conversation: sandbox sends never leave the machine.
    const inbox = await c.get(CreateInbox).execute(team, { name: 'Demo sandbox', channel: 'sandbox' });
    const { message } = await c.get(SendWhatsAppText).execute(team, { inboxId: inbox.id, phone: '(11) 98765-4321', content: 'Olá! Sua proposta está pronta.' });
    await c.get(UpdateContact).execute(team, { id: message.contactId, changes: { customName: 'Maria Silva', tags: ['demo'] } });
  },
};
