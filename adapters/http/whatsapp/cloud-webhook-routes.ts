// The public Cloud API webhook (DECISIONS.md): Meta's verify-token handshake, and event deliveries
// signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret).
import Router from '@koa/router';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CloudApiChange, DeliveryStatusEvent, InboundMessageEvent, RecordCloudApiEvents } from '../../../application/whatsapp/record-cloud-api-events';
import { Unauthorized, ValidationFailed } from '../../../domain/shared/errors';
import { ProviderError } from '../../../domain/whatsapp/message';
import { Ctx } from '../shared/params';
import { arr, inboundContentOf, newWaIdOf, obj, providerErrorOf, text } from './cloud-api-messages';

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

export function cloudWebhookRoutes(deps: CloudWebhookDeps): Router {
  const router = new Router();

  router.get(CLOUD_WEBHOOK_PATH, async (ctx: Ctx) => {
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
  });

  router.post(CLOUD_WEBHOOK_PATH, async (ctx: Ctx) => {
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    if (!deps.appSecret || !signatureMatches(Buffer.from(raw, 'utf8'), ctx.get('x-hub-signature-256'), deps.appSecret)) {
      throw new Unauthorized('X-Hub-Signature-256 does not match the body');
    }
    const result = await deps.record.execute(changesOf(ctx.request.body));
    ctx.body = { success: true, data: result };
  });

  return router;
}

const unixTime = (v: unknown): Date | null => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : null;
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
        messages.push({ from, profileName: names.get(from) ?? null, providerMessageId: id, sentAt, content: inboundContentOf(m), newWaId: newWaIdOf(m) });
      }
      const statuses: DeliveryStatusEvent[] = [];
      for (const s of arr(value.statuses).map(obj)) {
        const id = text(s?.id);
        const status = text(s?.status);
        if (!s || !id || !status || !DELIVERY.includes(status)) continue;
        const error = status === 'failed' ? providerErrorOf(obj(arr(s.errors)[0])) ?? { code: null, title: null, detail: null } : null;
        statuses.push({ providerMessageId: id, status: status as DeliveryStatusEvent['status'], error });
      }
      const errors = arr(value.errors).map((e) => providerErrorOf(obj(e))).filter((e): e is ProviderError => e !== null);
      changes.push({ phoneNumberId, messages, statuses, errors });
    }
  }
  return changes;
}
