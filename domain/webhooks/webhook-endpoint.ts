// A webhook endpoint: where an external system posts payloads (spec 2.10, 4.8, 4.9). It has two
// ids: the administration uuid used by /webhooks, and the public `endpointId` of the inbound URL,
// so that knowing one never gives the other.
import { ChangeOf, carriesAny, requestName } from '../shared/changes';
import { NotFound, ValidationFailed } from '../shared/errors';
import { isUuid } from '../shared/values';
import { requireSlug } from '../projects/slug';
import { FieldMapping, checkMappingPath, parseFieldMapping } from './field-mapping';

// The kinds of endpoint live in a module of their own, which the operator CLI declares its options from
// without loading what checks a payload.
export * from './endpoint-kinds';
import { INBOUND_ACTION_TYPES, InboundActionType, InboundAuthMode, SignatureScheme, isInboundActionType } from './endpoint-kinds';

/** What the receiver does with a payload: in which project, and for deals in which pipeline and column. */
export interface InboundActionConfig {
  projectId: string;
  /** create_deal: the target pipeline (the project's default one when created without). */
  pipelineId: string | null;
  /** create_deal: the slug of an `open` column; null starts in the first open column. */
  columnSlug: string | null;
}

export interface WebhookEndpointData {
  id: string;
  teamId: string;
  /** The public id of the inbound URL. */
  endpointId: string;
  name: string;
  slug: string;
  isActive: boolean;
  actionType: InboundActionType;
  actionConfig: InboundActionConfig;
  fieldMapping: FieldMapping;
  authMode: InboundAuthMode;
  /** Hash of the shared secret (`secret`) or of the URL token (`url_token`); null otherwise. Never presented. */
  secretHash: string | null;
  /** The signing secret of a signature mode, sealed with SECRETS_KEY; null otherwise. Never presented. */
  signingSecret: string | null;
  /**
   * Where the sender's own id of a payload is (`event_id`, `entry.0.changes.0.value.leadgen_id`): a
   * second payload with the same id is a redelivery and creates nothing. Null: only headers count.
   */
  idempotencyPath: string | null;
  /** Hash of the token of Meta's subscription handshake (`hub.verify_token`); null: no handshake. Never presented. */
  verifyTokenHash: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewWebhookEndpoint {
  name: string;
  /** Already unique in the team. */
  slug: string;
  endpointId: string;
  isActive?: boolean;
  actionType: InboundActionType;
  actionConfig: InboundActionConfig;
  fieldMapping?: unknown;
  idempotencyPath?: string | null;
  credential: EndpointCredential;
}

/** An endpoint's mode with what it keeps of its credential: a hash, a sealed signing secret, or nothing. */
export type EndpointCredential =
  { authMode: 'secret' | 'url_token'; secretHash: string } | { authMode: SignatureScheme; signingSecret: string } | { authMode: 'none' };

const credentialFields = (c: EndpointCredential): Pick<WebhookEndpointData, 'authMode' | 'secretHash' | 'signingSecret'> => ({
  authMode: c.authMode,
  secretHash: 'secretHash' in c ? c.secretHash : null,
  signingSecret: 'signingSecret' in c ? c.signingSecret : null,
});

/**
 * What PUT /webhooks/:id (and the operator) may change of the endpoint itself, in the order a change with
 * none of them is told about: the one list of them. How its source authenticates changes beside them
 * (`changeAuthentication`); the action and its target stay as created.
 */
export const WEBHOOK_CHANGE_FIELDS = [
  'name',
  'isActive',
  'fieldMapping',
  'idempotencyPath',
] as const satisfies readonly (keyof WebhookEndpointData)[];

/** The change to an endpoint; `fieldMapping` is checked here whoever sends it (the operator's is any JSON), a null `idempotencyPath` removes it. */
export type WebhookEndpointChanges = ChangeOf<WebhookEndpointData, (typeof WEBHOOK_CHANGE_FIELDS)[number], { fieldMapping?: unknown }>;

/** Whether a payload the endpoint admits was sent by someone who holds its credential, rather than by anyone. */
export const authenticatesSender = (e: WebhookEndpointData): boolean => e.authMode !== 'none';

/** Named as a request names them, for the message that asks for one of them: a new `auth_mode` is a change too. */
const CHANGE_FIELDS_NAMED = [...WEBHOOK_CHANGE_FIELDS.map(requestName), 'auth_mode'].join(', ');

/** A path in the payload, or null for none; a malformed one is refused naming `field`. */
export const requireIdempotencyPath = (v: unknown, field = 'idempotency_path'): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string' || !v.trim()) throw new ValidationFailed(`${field} must be a path in the payload`, field);
  checkMappingPath(v, field);
  return v.trim();
};

const requireName = (v: unknown): string => {
  const name = typeof v === 'string' ? v.trim() : '';
  if (!name) throw new ValidationFailed('name must not be empty', 'name');
  return name;
};

const copy = (d: WebhookEndpointData): WebhookEndpointData => ({
  ...d,
  actionConfig: { ...d.actionConfig },
  fieldMapping: structuredClone(d.fieldMapping),
});

export class WebhookEndpoint {
  private constructor(private data: WebhookEndpointData) {}

  static create(id: string, teamId: string, input: NewWebhookEndpoint, now: Date): WebhookEndpoint {
    if (!isInboundActionType(input.actionType)) {
      throw new ValidationFailed(`action_type must be one of ${INBOUND_ACTION_TYPES.join(', ')}`, 'action_type');
    }
    if (!isUuid(input.actionConfig.projectId)) throw new ValidationFailed('project_id must be a UUID', 'project_id');
    if (input.actionType === 'create_lead' && (input.actionConfig.pipelineId || input.actionConfig.columnSlug)) {
      throw new ValidationFailed('A create_lead endpoint has no target pipeline or column', 'target_pipeline_id');
    }
    if (!input.endpointId) throw new Error('A webhook endpoint needs its public endpoint id');
    const at = now.toISOString();
    return new WebhookEndpoint({
      id,
      teamId,
      endpointId: input.endpointId,
      name: requireName(input.name),
      slug: requireSlug(input.slug),
      isActive: input.isActive ?? true,
      actionType: input.actionType,
      actionConfig: { ...input.actionConfig },
      fieldMapping: parseFieldMapping(input.fieldMapping ?? {}),
      ...credentialFields(input.credential),
      idempotencyPath: requireIdempotencyPath(input.idempotencyPath),
      verifyTokenHash: null,
      createdAt: at,
      updatedAt: at,
    });
  }

  static restore(data: WebhookEndpointData): WebhookEndpoint {
    return new WebhookEndpoint(copy(data));
  }

  get id(): string {
    return this.data.id;
  }
  get isActive(): boolean {
    return this.data.isActive;
  }
  get authMode(): InboundAuthMode {
    return this.data.authMode;
  }
  get verifyTokenHash(): string | null {
    return this.data.verifyTokenHash;
  }

  snapshot(): WebhookEndpointData {
    return copy(this.data);
  }

  update(changes: WebhookEndpointChanges, now: Date): void {
    if (!carriesAny(changes, WEBHOOK_CHANGE_FIELDS)) throw new ValidationFailed(`Send at least one of: ${CHANGE_FIELDS_NAMED}`);
    const { name, isActive, fieldMapping, idempotencyPath } = changes;
    if (name !== undefined) this.data.name = requireName(name);
    if (isActive !== undefined) this.data.isActive = isActive;
    if (fieldMapping !== undefined) this.data.fieldMapping = parseFieldMapping(fieldMapping);
    if (idempotencyPath !== undefined) this.data.idempotencyPath = requireIdempotencyPath(idempotencyPath);
    this.data.updatedAt = now.toISOString();
  }

  /** A new way for the source to authenticate; the credential of the former one stops admitting anything. */
  changeAuthentication(credential: EndpointCredential, now: Date): void {
    Object.assign(this.data, credentialFields(credential));
    this.data.updatedAt = now.toISOString();
  }

  /** The operator sets (a hash) or clears (null) the verify token of Meta's subscription handshake. */
  setVerifyTokenHash(hash: string | null, now: Date): void {
    this.data.verifyTokenHash = hash;
    this.data.updatedAt = now.toISOString();
  }

  /** The receiver answers an inactive endpoint exactly like an unknown one. */
  assertReceiving(): void {
    if (!this.data.isActive) throw new NotFound('Webhook endpoint not found');
  }
}
