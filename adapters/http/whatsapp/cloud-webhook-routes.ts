// The public Cloud API webhook (docs/decisions.md): Meta's verify-token handshake, and event deliveries
// signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret).
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CloudApiChange,
  DeliveryStatusEvent,
  InboundMessageEvent,
  RecordCloudApiEvents,
} from '../../../application/whatsapp/record-cloud-api-events';
import { Unauthorized, ValidationFailed } from '../../../domain/shared/errors';
import { ProviderError } from '../../../domain/whatsapp/message';
import { R } from '../shared/documented';
import { one } from '../shared/envelope';
import { Operation, operation } from '../shared/operation';
import { Ctx } from '../shared/params';
import { arr, inboundContentOf, newWaIdOf, obj, providerErrorOf, text } from './cloud-api-messages';
import { cloudApiEventsSchema, presentCloudApiEvents } from './present-whatsapp';

export interface CloudWebhookDeps {
  record: RecordCloudApiEvents;
  /** WHATSAPP_APP_SECRET; without it every delivery is refused. */
  appSecret?: string;
  /** WHATSAPP_VERIFY_TOKEN; without it the handshake is refused. */
  verifyToken?: string;
}

export const CLOUD_WEBHOOK_PATH = '/whatsapp/cloud/webhook';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `sha256=<hex>` over the exact bytes received. */
export const signatureMatches = (rawBody: string | Buffer, header: string | undefined, appSecret: string): boolean => {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(m[1], 'hex'), expected);
};

const TAG = 'WhatsApp';

/** The Cloud API webhook: Meta's handshake (GET) and its signed deliveries (POST), both public. */
export function cloudWebhookOperations(deps: CloudWebhookDeps): Operation[] {
  return [
    operation({
      id: 'verifyWhatsAppCloudWebhook',
      method: 'get',
      path: CLOUD_WEBHOOK_PATH,
      tag: TAG,
      access: 'public',
      summary: "Meta's subscription handshake: echoes `hub.challenge`",
      description:
        'Meta calls this once when the webhook is subscribed. With `hub.mode=subscribe` and the ' +
        '`hub.verify_token` configured as `WHATSAPP_VERIFY_TOKEN`, the answer is `hub.challenge` alone, as ' +
        '`text/plain`. Any other mode or token, or no token configured, is 401.',
      parameters: [
        { name: 'hub.mode', in: 'query', required: true, schema: { type: 'string', enum: ['subscribe'] } },
        {
          name: 'hub.verify_token',
          in: 'query',
          required: true,
          schema: R.string,
          description: 'The verify token configured for the app.',
        },
        { name: 'hub.challenge', in: 'query', required: true, schema: R.string, description: 'Echoed back as the whole body.' },
      ],
      success: { status: 200, description: 'The challenge, as text.', data: R.string },
      errors: [400, 401],
      rawResponses: {
        200: { description: '`hub.challenge`, as the whole body.', content: { 'text/plain': { schema: R.string } } },
      },
      handle(ctx: Ctx) {
        const mode = ctx.query['hub.mode'];
        const token = ctx.query['hub.verify_token'];
        const challenge = ctx.query['hub.challenge'];
        if (!deps.verifyToken || mode !== 'subscribe' || typeof token !== 'string' || !sameSecret(token, deps.verifyToken)) {
          throw new Unauthorized('Verify token does not match');
        }
        if (typeof challenge !== 'string') throw new ValidationFailed('hub.challenge is required', 'hub.challenge');
        // Meta expects the challenge echoed as the whole body.
        ctx.type = 'text/plain';
        ctx.body = challenge;
      },
    }),
    operation({
      id: 'receiveWhatsAppCloudEvents',
      method: 'post',
      path: CLOUD_WEBHOOK_PATH,
      tag: TAG,
      access: 'public',
      summary: "Meta's event deliveries: inbound messages, delivery statuses and errors",
      description:
        "The body is Meta's webhook JSON (`application/json`, `object: whatsapp_business_account`, " +
        '`entry[].changes[].value` of the `messages` field), taken as sent: it is not validated, and anything ' +
        'unexpected in it is skipped, not refused. `X-Hub-Signature-256` must be `sha256=` and the HMAC-SHA256 ' +
        'of the exact body with the app secret (`WHATSAPP_APP_SECRET`); otherwise, or without a secret ' +
        'configured, 401 and nothing is stored. Events are matched to an inbox by `metadata.phone_number_id`. ' +
        'Meta redelivers until it gets a 200; a message delivered twice is stored once. A value longer than ' +
        'the API keeps is cut (`type`, `mime_type`) or, for an identifier, left out; a message whose id is ' +
        'longer than 255 characters is not stored and counts as ignored.',
      parameters: [
        {
          name: 'X-Hub-Signature-256',
          in: 'header',
          required: true,
          schema: { type: 'string', pattern: '^sha256=[0-9a-fA-F]{64}$' },
          description: '`sha256=<hex>`: the HMAC-SHA256 of the raw body with the app secret.',
        },
      ],
      success: {
        status: 200,
        description: 'What was stored of the delivery, and what was received but not stored.',
        data: cloudApiEventsSchema,
        name: 'WhatsAppCloudEvents',
      },
      errors: [400, 401, 413],
      async handle(ctx: Ctx) {
        const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
        if (!deps.appSecret || !signatureMatches(Buffer.from(raw, 'utf8'), ctx.get('x-hub-signature-256'), deps.appSecret)) {
          throw new Unauthorized('X-Hub-Signature-256 does not match the body');
        }
        ctx.body = one(presentCloudApiEvents(await deps.record.execute({ changes: changesOf(ctx.request.body) })));
      },
    }),
  ];
}

/** Unix seconds as a date; null (the message is skipped) when no date holds it, as `1e308` seconds. */
const unixTime = (v: unknown): Date | null => {
  const n = Number(v);
  const at = Number.isFinite(n) && n > 0 ? new Date(n * 1000) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
};
const DELIVERY: readonly string[] = ['sent', 'delivered', 'read', 'failed'];

/** Meta's `entry[].changes[].value` for the `messages` field; anything unexpected is skipped, not fatal. */
export function changesOf(body: unknown): CloudApiChange[] {
  const changes: CloudApiChange[] = [];
  for (const entry of arr(obj(body)?.entry)) {
    for (const change of arr(obj(entry)?.changes)) {
      const c = obj(change);
      const value = obj(c?.value);
      if (!value || (c?.field !== undefined && c.field !== 'messages')) continue;
      const phoneNumberId = text(obj(value.metadata)?.phone_number_id);
      if (!phoneNumberId) continue;
      const names = new Map<string, string>();
      for (const contact of arr(value.contacts)) {
        const waId = text(obj(contact)?.wa_id);
        const name = text(obj(obj(contact)?.profile)?.name);
        if (waId && name) names.set(waId, name);
      }
      const messages: InboundMessageEvent[] = [];
      for (const m of arr(value.messages).map(obj)) {
        const from = text(m?.from);
        const id = text(m?.id);
        const sentAt = unixTime(m?.timestamp);
        if (!m || !from || !id || !sentAt) continue;
        messages.push({
          from,
          profileName: names.get(from) ?? null,
          providerMessageId: id,
          sentAt,
          content: inboundContentOf(m),
          newWaId: newWaIdOf(m),
        });
      }
      const statuses: DeliveryStatusEvent[] = [];
      for (const s of arr(value.statuses).map(obj)) {
        const id = text(s?.id);
        const status = text(s?.status);
        if (!s || !id || !status || !DELIVERY.includes(status)) continue;
        const error = status === 'failed' ? (providerErrorOf(obj(arr(s.errors)[0])) ?? { code: null, title: null, detail: null }) : null;
        statuses.push({ providerMessageId: id, status: status as DeliveryStatusEvent['status'], error });
      }
      const errors = arr(value.errors)
        .map((e) => providerErrorOf(obj(e)))
        .filter((e): e is ProviderError => e !== null);
      changes.push({ phoneNumberId, messages, statuses, errors });
    }
  }
  return changes;
}
