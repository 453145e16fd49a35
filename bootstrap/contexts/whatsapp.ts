import { ContainerModule } from 'inversify';
import { CliCommand } from '../../adapters/cli/cli';
import { whatsappCommands } from '../../adapters/cli/whatsapp/whatsapp-commands';
import { RouteModule } from '../../adapters/http/app';
import type { WhatsAppUseCases } from '../../adapters/http/whatsapp/whatsapp-routes';
import { AesGcmCipher, NoKeyCipher, parseSecretsKey } from '../../adapters/system/aes-gcm-cipher';
import { ChannelProvider } from '../../adapters/whatsapp/channel-provider';
import { CloudApiProvider } from '../../adapters/whatsapp/cloud-api-provider';
import { EvolutionProvider } from '../../adapters/whatsapp/evolution-provider';
import { HttpMediaProbe } from '../../adapters/whatsapp/http-media-probe';
import { ProviderUrlGuard } from '../../adapters/whatsapp/provider-url-guard';
import { SandboxProvider } from '../../adapters/whatsapp/sandbox-provider';
import { EventLog } from '../../application/events/event-log';
import { CreateContact } from '../../application/whatsapp/create-contact';
import { CreateInbox } from '../../application/whatsapp/create-inbox';
import { CredentialCipher } from '../../application/whatsapp/credential-cipher';
import { DeleteContact } from '../../application/whatsapp/delete-contact';
import { GetContact } from '../../application/whatsapp/get-contact';
import { GetConversation } from '../../application/whatsapp/get-conversation';
import { GetMessage } from '../../application/whatsapp/get-message';
import { ListContacts } from '../../application/whatsapp/list-contacts';
import { ListConversationMessages } from '../../application/whatsapp/list-conversation-messages';
import { ListConversations } from '../../application/whatsapp/list-conversations';
import { ListInboxErrors } from '../../application/whatsapp/list-inbox-errors';
import { ListInboxes, ListTeamInboxes } from '../../application/whatsapp/list-inboxes';
import { MediaProbe } from '../../application/whatsapp/media-probe';
import { RecordCloudApiEvents } from '../../application/whatsapp/record-cloud-api-events';
import { RecordEvolutionEvents } from '../../application/whatsapp/record-evolution-events';
import { ResealInboxCredentials } from '../../application/whatsapp/reseal-inbox-credentials';
import { SendWhatsAppMessage } from '../../application/whatsapp/send-whatsapp-message';
import { UpdateContact } from '../../application/whatsapp/update-contact';
import { WhatsAppProvider } from '../../application/whatsapp/whatsapp-provider';
import { onFirstCall, wiring } from '../binding';
import { Config } from '../config';
import { selfOrigins } from '../self-origins';
import { DemoSeed, TOKENS } from '../tokens';
import { CLIENT_TOKENS, DEAL_TOKENS, TEAM_TOKENS, WHATSAPP_TOKENS } from './tokens';

export interface WhatsAppProviderOptions {
  /** How long an outbound provider call may take before it counts as failed (502). */
  timeoutMs: number;
}

export { WHATSAPP_TOKENS };

const T = WHATSAPP_TOKENS;

/** The longest a media link's HEAD may take before the send goes on without what it would have said. */
const MEDIA_PROBE_TIMEOUT_MS = 3_000;

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const whatsappRoutes = onFirstCall(
  () =>
    (require('../../adapters/http/whatsapp/whatsapp-routes') as typeof import('../../adapters/http/whatsapp/whatsapp-routes'))
      .whatsappRoutes,
);
/* eslint-enable @typescript-eslint/no-require-imports */

export const whatsappContext = new ContainerModule(({ bind }) => {
  const { singleton, services, later } = wiring(bind);
  const { UnitOfWork: uow, IdGenerator: ids, Clock: clock, Logger: logger } = TOKENS;
  const clients = CLIENT_TOKENS.ClientRepository;
  const teams = TEAM_TOKENS.TeamRepository;
  // Their events go to the one log; the dispatcher is woken once the write has committed.
  const trigger = DEAL_TOKENS.DealDispatchTrigger;

  // Without SECRETS_KEY, inboxes whose credentials hold a secret cannot be stored (the sandbox can).
  // SECRETS_KEY_PREVIOUS still opens what it sealed while the key is rotated.
  bind<CredentialCipher>(T.CredentialCipher)
    .toResolvedValue(
      (config: Config) =>
        config.secretsKey
          ? new AesGcmCipher(
              parseSecretsKey(config.secretsKey),
              config.secretsKeyPrevious ? [parseSecretsKey(config.secretsKeyPrevious)] : [],
            )
          : new NoKeyCipher(),
      [TOKENS.Config],
    )
    .inSingletonScope();

  bind<WhatsAppProviderOptions>(T.ProviderOptions).toConstantValue({ timeoutMs: 10_000 });
  bind(ProviderUrlGuard)
    .toResolvedValue(
      (config: Config) =>
        new ProviderUrlGuard({ selfOrigins: selfOrigins(config), allowPrivateNetworks: config.providerAllowPrivateNetworks }),
      [TOKENS.Config],
    )
    .inSingletonScope();
  bind(CloudApiProvider)
    .toResolvedValue(
      (config: Config, options: WhatsAppProviderOptions, guard: ProviderUrlGuard) =>
        new CloudApiProvider({ baseUrl: config.whatsapp.cloudApiUrl, timeoutMs: options.timeoutMs, guard }),
      [TOKENS.Config, T.ProviderOptions, ProviderUrlGuard],
    )
    .inSingletonScope();
  bind(EvolutionProvider)
    .toResolvedValue(
      (options: WhatsAppProviderOptions, guard: ProviderUrlGuard) => new EvolutionProvider({ timeoutMs: options.timeoutMs, guard }),
      [T.ProviderOptions, ProviderUrlGuard],
    )
    .inSingletonScope();
  singleton(SandboxProvider, []);
  bind<WhatsAppProvider>(T.Provider)
    .toResolvedValue(
      (cloud_api: CloudApiProvider, evolution: EvolutionProvider, sandbox: SandboxProvider) =>
        new ChannelProvider({ cloud_api, evolution, sandbox }),
      [CloudApiProvider, EvolutionProvider, SandboxProvider],
    )
    .inSingletonScope();

  // A media link passes the providers' guard, under its own name in the messages; its HEAD is given less time than a send.
  bind<MediaProbe>(T.MediaProbe)
    .toResolvedValue(
      (config: Config, options: WhatsAppProviderOptions) =>
        new HttpMediaProbe({
          guard: new ProviderUrlGuard({
            selfOrigins: selfOrigins(config),
            allowPrivateNetworks: config.providerAllowPrivateNetworks,
            noun: 'media file',
          }),
          timeoutMs: Math.min(options.timeoutMs, MEDIA_PROBE_TIMEOUT_MS),
        }),
      [TOKENS.Config, T.ProviderOptions],
    )
    .inSingletonScope();

  const R = [uow, T.InboxRepository, T.ContactRepository, T.ConversationRepository, T.MessageRepository] as const;
  singleton(ListContacts, [T.ContactRepository, clients]);
  singleton(GetContact, [T.ContactRepository]);
  singleton(CreateContact, [uow, T.ContactRepository, clients, EventLog, ids, clock, trigger]);
  singleton(UpdateContact, [uow, T.ContactRepository, clients, clock]);
  singleton(DeleteContact, [uow, T.ContactRepository, T.ConversationRepository]);
  singleton(SendWhatsAppMessage, [...R, T.Provider, T.MediaProbe, EventLog, ids, clock, logger, trigger]);
  singleton(RecordCloudApiEvents, [...R, T.InboxErrorRepository, EventLog, ids, clock, logger, trigger]);
  singleton(RecordEvolutionEvents, [...R, EventLog, ids, clock, logger, TOKENS.SecretHasher, trigger]);
  singleton(ListConversations, [T.ConversationRepository, T.InboxRepository, T.ContactRepository]);
  singleton(GetConversation, [T.ConversationRepository]);
  singleton(ListConversationMessages, [T.ConversationRepository, T.MessageRepository]);
  singleton(GetMessage, [T.MessageRepository]);
  singleton(ListInboxErrors, [T.InboxErrorRepository, T.InboxRepository, teams]);
  singleton(ListInboxes, [T.InboxRepository, teams]);
  singleton(ListTeamInboxes, [T.InboxRepository]);
  singleton(CreateInbox, [uow, T.InboxRepository, teams, ids, clock]);
  singleton(ResealInboxCredentials, [uow, T.InboxRepository]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(
    (useCases: WhatsAppUseCases, record: RecordCloudApiEvents, config: Config, evolution: RecordEvolutionEvents) =>
      whatsappRoutes(useCases, { record, appSecret: config.whatsapp.appSecret, verifyToken: config.whatsapp.verifyToken }, evolution),
    [
      services({
        listContacts: ListContacts,
        createContact: CreateContact,
        getContact: GetContact,
        updateContact: UpdateContact,
        deleteContact: DeleteContact,
        sendMessage: SendWhatsAppMessage,
        listConversations: ListConversations,
        getConversation: GetConversation,
        listConversationMessages: ListConversationMessages,
        getMessage: GetMessage,
        listInboxes: ListTeamInboxes,
      }),
      RecordCloudApiEvents,
      TOKENS.Config,
      RecordEvolutionEvents,
    ],
  );
  bind<CliCommand[]>(TOKENS.CliCommands).toResolvedValue(whatsappCommands, [
    later(
      services({
        createInbox: CreateInbox,
        listInboxes: ListInboxes,
        listInboxErrors: ListInboxErrors,
      }),
    ),
  ]);
  // A sandbox inbox with one conversation: sandbox sends never leave the machine.
  bind<DemoSeed>(TOKENS.DemoSeed).toResolvedValue(
    (createInbox: CreateInbox, sendMessage: SendWhatsAppMessage, updateContact: UpdateContact, createContact: CreateContact): DemoSeed =>
      async (team) => {
        const inbox = await createInbox.execute(team, { name: 'Demo sandbox', channel: 'sandbox' });
        const { message } = await sendMessage.execute(team, {
          inboxId: inbox.id,
          phone: '(11) 98765-4321',
          content: 'Olá! Sua proposta está pronta.',
        });
        await updateContact.execute(team, { id: message.contactId, changes: { customName: 'Maria Silva', tags: ['demo'] } });
        // A contact no conversation holds yet, which can be deleted.
        await createContact.execute(team, { phone: '(11) 91234-5678', customName: 'Pedro Almeida', tags: ['demo'] });
      },
    [CreateInbox, SendWhatsAppMessage, UpdateContact, CreateContact],
  );
});
