// The signature schemes inbound senders publish, checked over the exact bytes received:
// Meta (`X-Hub-Signature-256: sha256=<hex>`), Typeform (`Typeform-Signature: sha256=<base64>`), both
// HMAC-SHA256 of the body, and Standard Webhooks, verified by its reference library.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { InboundSignatures, SignedRequest } from '../../application/webhooks/inbound-signatures';
import { SignatureScheme } from '../../domain/webhooks/webhook-endpoint';

const hmac = (secret: string, bytes: Uint8Array): Buffer => createHmac('sha256', secret).update(bytes).digest();

/** `sha256=<digest>` in `encoding`, compared in constant time with the HMAC of the body. */
const matchesDigest = (header: string | null, expected: Buffer, encoding: 'hex' | 'base64'): boolean => {
  const value = header?.trim() ?? '';
  const pattern = encoding === 'hex' ? /^sha256=([0-9a-fA-F]{64})$/ : /^sha256=([A-Za-z0-9+/]{43}=)$/;
  const m = pattern.exec(value);
  if (!m) return false;
  const given = Buffer.from(m[1], encoding);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export class HmacInboundSignatures implements InboundSignatures {
  newSecret(scheme: SignatureScheme): string {
    // Standard Webhooks secrets are `whsec_` and base64 of 24 to 64 random bytes.
    if (scheme === 'standard_webhooks') return `whsec_${randomBytes(32).toString('base64')}`;
    return randomBytes(32).toString('base64url');
  }

  isUsableSecret(scheme: SignatureScheme, secret: string): boolean {
    if (scheme !== 'standard_webhooks') return secret.length > 0;
    const key = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key)) return false;
    try {
      new Webhook(secret);
      return true;
    } catch {
      return false;
    }
  }

  verify(scheme: SignatureScheme, secret: string, request: SignedRequest): boolean {
    switch (scheme) {
      case 'meta_signature':
        return matchesDigest(request.header('x-hub-signature-256'), hmac(secret, request.bytes), 'hex');
      case 'typeform_signature':
        return matchesDigest(request.header('typeform-signature'), hmac(secret, request.bytes), 'base64');
      case 'standard_webhooks': {
        const headers = {
          'webhook-id': request.header('webhook-id') ?? '',
          'webhook-timestamp': request.header('webhook-timestamp') ?? '',
          'webhook-signature': request.header('webhook-signature') ?? '',
        };
        try {
          // Checks the signature in constant time and the timestamp against the clock (5 minutes either way).
          new Webhook(secret).verify(Buffer.from(request.bytes), headers, { jsonParse: false });
          return true;
        } catch {
          return false;
        }
      }
    }
  }
}
