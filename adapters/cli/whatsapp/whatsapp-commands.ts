import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { ListInboxErrors } from '../../../application/whatsapp/list-inbox-errors';
import { InboxData } from '../../../domain/whatsapp/inbox';
import { InboxErrorData } from '../../../domain/whatsapp/inbox-error';
import { CliCommand } from '../cli';

/** DECISIONS.md: the inbox without its secrets. */
const presentInbox = (i: InboxData) => ({ id: i.id, name: i.name, channel: i.channel, is_active: i.isActive });

/** An error the provider reported about an inbox's number (a rate limit hit, an account problem). */
export const presentInboxError = (e: InboxErrorData) => ({
  id: e.id, inbox_id: e.inboxId, code: e.code, title: e.title, detail: e.detail, created_at: e.createdAt,
});

export interface WhatsAppCommandUseCases {
  createInbox: CreateInbox;
  listInboxErrors: ListInboxErrors;
}

export function whatsappCommands(uc: WhatsAppCommandUseCases): CliCommand[] {
  return [
    {
      name: 'inbox create',
      usage: 'inbox create --team ID --name N --channel cloud_api|evolution|sandbox [--phone-number-id X --access-token T] [--base-url U --instance I --api-key K]',
      run: async (a) => presentInbox(await uc.createInbox.execute({ teamId: a.required('team') }, {
        name: a.required('name'),
        channel: a.required('channel'),
        phoneNumberId: a.optional('phone-number-id'),
        accessToken: a.optional('access-token'),
        baseUrl: a.optional('base-url'),
        instance: a.optional('instance'),
        apiKey: a.optional('api-key'),
      })),
    },
    {
      name: 'inbox errors',
      usage: 'inbox errors --team ID [--inbox ID] [--limit N]',
      run: async (a) => ({
        data: (await uc.listInboxErrors.execute({ teamId: a.required('team') }, { inboxId: a.optional('inbox'), limit: a.integer('limit') }))
          .map(presentInboxError),
      }),
    },
  ];
}
