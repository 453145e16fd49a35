import { Conflict, NotFound, Unauthorized, ValidationFailed } from '../../domain/shared/errors';
import { TeamContext, inboundActor } from '../../domain/shared/team';
import { readPath } from '../../domain/webhooks/field-mapping';
import { InboundDelivery, InboundDeliveryData } from '../../domain/webhooks/inbound-delivery';
import { DeliveryKeyTaken, InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { WebhookEndpoint, WebhookEndpointData, isSignatureScheme } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { InboundDeliveryOutcome, Metrics, noMetrics } from '../shared/metrics';
import { SecretHasher } from '../shared/secret-hasher';
import { UnitOfWork } from '../shared/unit-of-work';
import { EndpointCredentials } from './endpoint-credentials';
import { BodyReading, readInboundBody } from './inbound-body';
import { InboundSignatures } from './inbound-signatures';
import { DeliveryTaken, InboundProcessor, InboundResult, resultOf } from './inbound-processor';

/** Longest idempotency key kept (the spec's Idempotency-Key limit); a longer header is 400. */
export const MAX_IDEMPOTENCY_KEY = 512;

/** A body as sent: its text and content type, and the bytes received (after decompression). */
export interface InboundBodyInput {
  raw: string;
  contentType: string | null;
  bytes?: Uint8Array;
}

export interface ReceiveInboundWebhookCommand {
  /** The public id from the URL. */
  endpointId: string;
  /** The request's id, recorded with the changes it makes. */
  requestId?: string;
  /** `X-Webhook-Secret`, or its legacy alias. */
  secret: string | null;
  /** The `token` of the URL (`url_token` endpoints). */
  token?: string | null;
  /** The request's headers by name, for the signature schemes. */
  header?: (name: string) => string | null;
  /**
   * The body as sent, over whose bytes a signature is checked (without them, the text's UTF-8 bytes); or
   * how to read it, called only once the endpoint is found and a secret or URL token checked, so that a
   * stranger's body is never read.
   */
  body: InboundBodyInput | (() => Promise<InboundBodyInput>);
  /**
   * A check of the body's reading by the caller (the HTTP edge refuses text no backend keeps as sent),
   * run once the sender is admitted and before anything is stored; it refuses by throwing.
   */
  inspect?: (reading: BodyReading) => void;
  /** The sender's id of this message: `webhook-id` (Standard Webhooks), else `Idempotency-Key`. */
  idempotencyKey?: string | null;
}

/** The sender's id of a payload: at the endpoint's idempotency path when it is there, else the header's. */
const idempotencyKeyOf = (endpoint: WebhookEndpointData, payload: unknown, header: string | null): string | null => {
  if (endpoint.idempotencyPath !== null && payload !== null) {
    const v = readPath(payload, endpoint.idempotencyPath);
    const key = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
    if (key && key.length <= MAX_IDEMPOTENCY_KEY) return key;
  }
  return header;
};

const outcomeOf = (result: InboundResult): InboundDeliveryOutcome => {
  if (result.duplicate) return 'duplicate';
  if (result.kind === 'crashed') return 'crashed';
  return result.success ? 'succeeded' : 'refused';
};

/**
 * POST /webhooks/inbound/:endpointId: public; the endpoint's secret, not an API key, admits the
 * payload. Every admitted body is stored as sent before it is processed. A redelivery (same
 * idempotency key) stores and creates nothing: it is answered with the first delivery's outcome.
 */
export class ReceiveInboundWebhook {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: InboundDeliveryRepository,
    private readonly processor: InboundProcessor,
    private readonly hasher: SecretHasher,
    private readonly credentials: EndpointCredentials,
    private readonly signatures: InboundSignatures,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly metrics: Metrics = noMetrics,
  ) {}

  /** Every delivery the endpoint admitted is counted by what it was answered (a refused secret is none). */
  async execute(command: ReceiveInboundWebhookCommand): Promise<InboundResult> {
    const result = await this.receive(command);
    this.metrics.count('inboundDeliveries', { outcome: outcomeOf(result) });
    return result;
  }

  private async receive(command: ReceiveInboundWebhookCommand): Promise<InboundResult> {
    const found = await this.endpoints.findByEndpointId(command.endpointId);
    if (!found) throw new NotFound('Webhook endpoint not found');
    const endpoint = WebhookEndpoint.restore(found);
    endpoint.assertReceiving();
    this.admitByCredential(found, command);
    const header = command.idempotencyKey?.trim() || null;
    if (header !== null && header.length > MAX_IDEMPOTENCY_KEY) {
      throw new ValidationFailed(
        `The idempotency key is longer than ${MAX_IDEMPOTENCY_KEY} characters`,
        undefined,
        'invalid_idempotency_key',
      );
    }
    const team: TeamContext = { teamId: found.teamId, actor: inboundActor(found.id), requestId: command.requestId };
    // Read only now: a stranger's body (no endpoint, a wrong secret) is never read, let alone parsed.
    const body = typeof command.body === 'function' ? await command.body() : command.body;
    this.admitBySignature(found, body, command);
    const reading = readInboundBody(body.raw, body.contentType);
    command.inspect?.(reading);
    const key = idempotencyKeyOf(found, reading.payload, header);
    const delivery = InboundDelivery.receive(this.ids.next(), found.teamId, found.id, found.actionType, reading.payload, this.clock.now(), {
      rawBody: body.raw,
      contentType: body.contentType,
      bodyError: reading.error,
      idempotencyKey: key,
    });
    // Committed on its own before processing: whatever happens next, the payload is kept.
    const stored = delivery.snapshot();
    try {
      await this.uow.run(() => this.deliveries.insert(stored));
    } catch (err) {
      if (err instanceof DeliveryKeyTaken && key !== null) return this.redelivered(team, found, key);
      throw err;
    }
    return this.settle(team, found, stored);
  }

  /** A shared secret or a URL token, as the endpoint's mode says, is checked before the body is read: 401. */
  private admitByCredential(endpoint: WebhookEndpointData, command: ReceiveInboundWebhookCommand): void {
    const mode = endpoint.authMode;
    if (mode !== 'secret' && mode !== 'url_token') return;
    const given = mode === 'secret' ? command.secret : (command.token ?? null);
    if (!given || endpoint.secretHash === null || !this.hasher.matches(given, endpoint.secretHash)) {
      throw new Unauthorized(mode === 'secret' ? 'Missing or wrong webhook secret' : 'Missing or wrong token in the URL');
    }
  }

  /** A signature, for the modes that sign, is checked over the body's bytes before it is parsed: 401. */
  private admitBySignature(endpoint: WebhookEndpointData, body: InboundBodyInput, command: ReceiveInboundWebhookCommand): void {
    const mode = endpoint.authMode;
    if (mode === 'none' || mode === 'secret' || mode === 'url_token') return;
    if (!isSignatureScheme(mode) || endpoint.signingSecret === null) throw new Unauthorized('The endpoint has no signing secret');
    const request = {
      bytes: body.bytes ?? new TextEncoder().encode(body.raw),
      header: command.header ?? (() => null),
    };
    const secret = this.credentials.open(endpoint.signingSecret);
    if (secret === null) {
      throw new Unauthorized("The signature cannot be checked: this server cannot open the endpoint's signing secret (SECRETS_KEY)");
    }
    if (!this.signatures.verify(mode, secret, request)) {
      throw new Unauthorized('Missing or wrong webhook signature');
    }
  }

  /** The first delivery's outcome; one that was never processed (its process stopped) is processed now. */
  private async redelivered(team: TeamContext, endpoint: WebhookEndpointData, key: string): Promise<InboundResult> {
    const first = await this.deliveries.findByIdempotencyKey(team, endpoint.id, key);
    if (!first) throw new Conflict('A delivery with this idempotency key is being received');
    return { ...(resultOf(first) ?? (await this.settle(team, endpoint, first))), duplicate: true };
  }

  /** Processes a stored delivery; if another attempt holds it, answers with that attempt's outcome. */
  private async settle(team: TeamContext, endpoint: WebhookEndpointData, stored: InboundDeliveryData): Promise<InboundResult> {
    try {
      return (await this.processor.process(team, endpoint, stored)).result;
    } catch (err) {
      if (!(err instanceof DeliveryTaken)) throw err;
      const now = await this.deliveries.findById(team, stored.id);
      const result = now && resultOf(now);
      if (!result) throw new Conflict('The delivery is being processed; send it again later');
      return result;
    }
  }
}
