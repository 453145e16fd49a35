// What an inbound endpoint does with a payload, and how its source authenticates.

export const INBOUND_ACTION_TYPES = ['create_deal', 'create_lead'] as const;
export type InboundActionType = (typeof INBOUND_ACTION_TYPES)[number];

export const isInboundActionType = (v: unknown): v is InboundActionType =>
  typeof v === 'string' && (INBOUND_ACTION_TYPES as readonly string[]).includes(v);

/**
 * How an endpoint's source proves a payload is its own: the shared secret in `X-Webhook-Secret`, the
 * HMAC signature Meta, Typeform or a Standard Webhooks sender puts on the body, a long random token in
 * the URL (for tools that can set neither a header nor a signature), or nothing (anyone may post).
 */
export const INBOUND_AUTH_MODES = ['secret', 'meta_signature', 'typeform_signature', 'standard_webhooks', 'url_token', 'none'] as const;
export type InboundAuthMode = (typeof INBOUND_AUTH_MODES)[number];
/** The modes that check an HMAC of the body: their secret must be kept recoverable (sealed), not hashed. */
export const SIGNATURE_SCHEMES = ['meta_signature', 'typeform_signature', 'standard_webhooks'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

export const isSignatureScheme = (v: InboundAuthMode): v is SignatureScheme => (SIGNATURE_SCHEMES as readonly string[]).includes(v);
