// The public Evolution API webhook of one inbox (docs/api.md: Evolution webhook): Evolution posts every
// event of an instance to one URL, with the instance's API key in the body.
import { RecordEvolutionEvents } from '../../../application/whatsapp/record-evolution-events';
import { one } from '../shared/envelope';
import { Operation, operation } from '../shared/operation';
import { Ctx } from '../shared/params';
import { obj, text } from './cloud-api-messages';
import { evolutionEventsOf, reportedAtOf } from './evolution-messages';
import { evolutionEventsSchema, presentEvolutionEvents } from './present-whatsapp';

export const EVOLUTION_WEBHOOK_PATH = '/whatsapp/evolution/:inboxId/webhook';

export function evolutionWebhookOperations(record: RecordEvolutionEvents): Operation[] {
  return [
    operation({
      id: 'receiveWhatsAppEvolutionEvents',
      method: 'post',
      path: EVOLUTION_WEBHOOK_PATH,
      tag: 'WhatsApp',
      access: 'public',
      summary: "Evolution API's event deliveries for one inbox: messages, statuses and the connection state",
      description:
        "The body is Evolution API v2's webhook JSON (`event`, `instance`, `data`, `date_time`, `apikey`…), taken as " +
        'sent: it is not validated, and anything unexpected in it is skipped, not refused. Event names are read ' +
        "either way (`messages.upsert` or `MESSAGES_UPSERT`). The body's `apikey` (Evolution puts the instance's token " +
        "there) or an `apikey` header (set in the webhook's `headers`) must be the inbox's Evolution API key; otherwise, or when the path names no Evolution inbox, 401 " +
        "and nothing is stored. `messages.upsert` keeps a customer's message of any type; one sent from the " +
        'business phone (`fromMe`, or `send.message`) is kept as an outbound `sent` message, once. ' +
        '`messages.update` settles an outbound message (moving forward only); `connection.update` keeps the ' +
        "instance's state on the inbox, an older report never overwriting a newer one. Messages of groups, " +
        'broadcasts, statuses and channels, and every other event, are answered and not stored. A redelivered ' +
        'message is stored once.',
      parameters: [
        {
          name: 'apikey',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: "The inbox's Evolution API key, for an inbox configured with another key than the instance's token.",
        },
      ],
      success: {
        status: 200,
        description: 'What was stored of the delivery, and what was received but not stored.',
        data: evolutionEventsSchema,
        name: 'WhatsAppEvolutionEvents',
      },
      errors: [400, 401, 413],
      // An id that names no inbox is refused as a wrong key is (401), so the answer tells nothing of the ids.
      pathIds: 'never',
      async handle(ctx: Ctx) {
        const body = obj(ctx.request.body) ?? {};
        const header = ctx.get('apikey');
        const result = await record.execute({
          inboxId: String(ctx.params?.inboxId ?? ''),
          apiKeys: [text(body.apikey), header].filter((key): key is string => !!key),
          reportedAt: reportedAtOf(body),
          events: evolutionEventsOf(body, new Date()),
        });
        ctx.body = one(presentEvolutionEvents(result));
      },
    }),
  ];
}
