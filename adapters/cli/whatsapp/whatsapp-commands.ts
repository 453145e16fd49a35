import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { InboxData } from '../../../domain/whatsapp/inbox';
import { CliCommand } from '../cli';

/** DECISIONS.md: the inbox without its secrets. */
const presentInbox = (i: InboxData) => ({ id: i.id, name: i.name, channel: i.channel, is_active: i.isActive });

export function whatsappCommands(uc: { createInbox: CreateInbox }): CliCommand[] {
  return [
    {
      name: 'inbox create',
      usage: 'inbox create --team ID --name N --channel cloud_api|evolution|sandbox [--phone-number-id X --access-token T] [--base-url U --instance I --api-key K]',
      run: async (a) => presentInbox(await uc.createInbox.execute(a.required('team'), {
        name: a.required('name'),
        channel: a.required('channel'),
        phoneNumberId: a.optional('phone-number-id'),
        accessToken: a.optional('access-token'),
        baseUrl: a.optional('base-url'),
        instance: a.optional('instance'),
        apiKey: a.optional('api-key'),
      })),
    },
  ];
}
