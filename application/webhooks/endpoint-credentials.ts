import { Unprocessable, ValidationFailed } from '../../domain/shared/errors';
import { EndpointCredential, InboundAuthMode, isSignatureScheme } from '../../domain/webhooks/webhook-endpoint';
import { SecretHasher } from '../shared/secret-hasher';
import { CredentialCipher, SecretsKeyMissing, UnreadableCredentials } from '../whatsapp/credential-cipher';
import { InboundSignatures } from './inbound-signatures';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Longest signing secret taken from the operator or the sender. */
export const MAX_SIGNING_SECRET = 512;

export interface IssuedCredential {
  credential: EndpointCredential;
  /** The secret or token in clear, when we made it: shown once. Null when the operator gave it, or for `none`. */
  shown: string | null;
}

/**
 * The credential of an endpoint's mode. A shared secret or URL token is only compared, so it is kept as a
 * hash; a signing secret must be read back to compute an HMAC, so it is sealed with SECRETS_KEY. Meta's app
 * secret is Meta's: the operator gives it. Typeform's and Standard Webhooks' are made here unless given.
 */
export class EndpointCredentials {
  constructor(
    private readonly hasher: SecretHasher,
    private readonly cipher: CredentialCipher,
    private readonly signatures: InboundSignatures,
  ) {}

  /** `field` and `modeField` are how the caller names the signing secret and the mode, for its errors. */
  issue(authMode: InboundAuthMode, given: string | undefined, field = 'signing_secret', modeField = 'auth_mode'): IssuedCredential {
    if (isSignatureScheme(authMode)) {
      if (given === undefined && authMode === 'meta_signature') {
        throw new ValidationFailed("A meta_signature endpoint needs the Meta app's secret", field);
      }
      if (given !== undefined && (!given || given.length > MAX_SIGNING_SECRET || !this.signatures.isUsableSecret(authMode, given))) {
        const what = authMode === 'standard_webhooks' ? 'a whsec_ secret in base64' : `1 to ${MAX_SIGNING_SECRET} characters`;
        throw new ValidationFailed(`The signing secret must be ${what}`, field);
      }
      const secret = given ?? this.signatures.newSecret(authMode);
      return {
        credential: { authMode, signingSecret: this.sealed(authMode, secret, modeField) },
        shown: given === undefined ? secret : null,
      };
    }
    if (given !== undefined) throw new ValidationFailed(`An endpoint of mode ${authMode} takes no signing secret`, field);
    if (authMode === 'none') return { credential: { authMode }, shown: null };
    const secret = this.hasher.generate(authMode === 'secret' ? WEBHOOK_SECRET_PREFIX : '');
    return { credential: { authMode, secretHash: this.hasher.hash(secret) }, shown: secret };
  }

  /**
   * Without SECRETS_KEY this server cannot keep a signing secret: the mode asked for is refused (422, naming
   * it), as an inbox holding a secret is, rather than failing as an error of the server.
   */
  private sealed(authMode: InboundAuthMode, secret: string, modeField: string): string {
    try {
      return this.cipher.seal(secret);
    } catch (err) {
      if (!(err instanceof SecretsKeyMissing)) throw err;
      throw new Unprocessable(
        `${modeField} ${authMode} needs SECRETS_KEY, which this server does not have: choose secret, url_token or none, or ask the operator to set it`,
        modeField,
      );
    }
  }

  /**
   * The signing secret of a signature mode, opened; null when no key this server has opens it (SECRETS_KEY
   * rotated without SECRETS_KEY_PREVIOUS, or unset), so that the caller refuses the sender rather than fail.
   */
  open(sealed: string): string | null {
    try {
      return this.cipher.open(sealed);
    } catch (err) {
      if (err instanceof UnreadableCredentials || err instanceof SecretsKeyMissing) return null;
      throw err;
    }
  }
}
