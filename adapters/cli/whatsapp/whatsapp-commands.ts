import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { ListInboxErrors } from '../../../application/whatsapp/list-inbox-errors';
import { ListInboxes } from '../../../application/whatsapp/list-inboxes';
import { CHANNELS, InboxData } from '../../../domain/whatsapp/inbox';
import { InboxErrorData } from '../../../domain/whatsapp/inbox-error';
import { InboxSummary } from '../../../domain/whatsapp/inbox-repository';
import { CliCommand, TEAM_FLAG } from '../cli';
import { PAGE_FLAGS, listOutput, pageArgs } from '../pages';

/** docs/decisions.md: the inbox without its secrets. */
const presentInbox = (i: InboxData) => ({ id: i.id, name: i.name, channel: i.channel, is_active: i.isActive });

/** A listed inbox: the Cloud API number's id (not a secret), never a token or an API key. */
const presentInboxSummary = (i: InboxSummary) => ({
  id: i.id,
  name: i.name,
  channel: i.channel,
  phone_number_id: i.phoneNumberId,
  is_active: i.isActive,
  connection_state: i.connectionState,
  connection_state_at: i.connectionStateAt,
  created_at: i.createdAt,
});

/** An error the provider reported about an inbox's number (a rate limit hit, an account problem). */
export const presentInboxError = (e: InboxErrorData) => ({
  id: e.id,
  inbox_id: e.inboxId,
  code: e.code,
  title: e.title,
  detail: e.detail,
  created_at: e.createdAt,
});

export interface WhatsAppCommandUseCases {
  createInbox: CreateInbox;
  listInboxes: ListInboxes;
  listInboxErrors: ListInboxErrors;
}

export function whatsappCommands(uc: () => WhatsAppCommandUseCases): CliCommand[] {
  return [
    {
      name: 'inbox create',
      description: 'Connect a WhatsApp number to a team; credentials are stored sealed with SECRETS_KEY and never printed.',
      flags: [
        TEAM_FLAG,
        { name: 'name', type: 'string', required: true, value: 'NAME', description: "The inbox's name." },
        {
          name: 'channel',
          type: 'string',
          required: true,
          choices: CHANNELS,
          description: 'The provider: the Cloud API, an Evolution gateway, or the sandbox (sends nothing).',
        },
        { name: 'phone-number-id', type: 'string', value: 'X', description: "cloud_api: the number's id at Meta." },
        { name: 'access-token', type: 'string', value: 'TOKEN', description: 'cloud_api: the access token (needs SECRETS_KEY).' },
        { name: 'base-url', type: 'string', value: 'URL', description: "evolution: the gateway's URL." },
        { name: 'instance', type: 'string', value: 'NAME', description: 'evolution: the instance.' },
        {
          name: 'api-key',
          type: 'string',
          value: 'KEY',
          description:
            "evolution: the key sends go with, best the instance's token (needs SECRETS_KEY); what Evolution's webhook posts to /api/v1/whatsapp/evolution/<inbox id>/webhook must carry it as `apikey`.",
        },
      ],
      example:
        'workspace-admin inbox create --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b --name Vendas --channel cloud_api --phone-number-id 106540352242922 --access-token "$TOKEN"',
      run: async (a) =>
        presentInbox(
          await uc().createInbox.execute(a.team(), {
            name: a.required('name'),
            channel: a.required('channel'),
            phoneNumberId: a.optional('phone-number-id'),
            accessToken: a.optional('access-token'),
            baseUrl: a.optional('base-url'),
            instance: a.optional('instance'),
            apiKey: a.optional('api-key'),
          }),
        ),
    },
    {
      name: 'inbox list',
      description:
        "List a team's inboxes, newest first (the Cloud API phone number id, Evolution's last connection state, never a credential).",
      flags: [TEAM_FLAG, ...PAGE_FLAGS],
      example: 'workspace-admin inbox list --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b',
      columns: ['id', 'name', 'channel', 'phone_number_id', 'is_active', 'connection_state', 'connection_state_at', 'created_at'],
      run: async (a) => listOutput(await uc().listInboxes.execute(a.team(), pageArgs(a)), presentInboxSummary),
    },
    {
      name: 'inbox errors',
      description: "List the errors Meta reported about a team's numbers as a whole, newest first.",
      flags: [
        TEAM_FLAG,
        { name: 'inbox', type: 'uuid', value: 'ID', description: "Only this inbox's errors." },
        { name: 'limit', type: 'integer', description: 'At most this many: 1 to 1000 (100 when absent).' },
      ],
      example: 'workspace-admin inbox errors --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b --limit 10',
      columns: ['created_at', 'inbox_id', 'code', 'title', 'detail'],
      run: async (a) => ({
        data: (await uc().listInboxErrors.execute(a.team(), { inboxId: a.optionalUuid('inbox'), limit: a.integer('limit') })).map(
          presentInboxError,
        ),
      }),
    },
  ];
}
