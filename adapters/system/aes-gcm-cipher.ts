import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CredentialCipher, SecretsKeyMissing, UnreadableCredentials } from '../../application/whatsapp/credential-cipher';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** `SECRETS_KEY`: 32 bytes written as 64 hex characters or in base64 (standard or URL-safe). */
export function parseSecretsKey(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) return Buffer.from(t, 'base64');
  throw new Error('SECRETS_KEY must be 32 bytes written as 64 hex characters or in base64 (e.g. the output of `openssl rand -hex 32`)');
}

/**
 * AES-256-GCM: a random 12-byte IV per value and the 16-byte authentication tag, so a value that was
 * altered, or sealed with another key, is refused rather than opened into garbage. Text format
 * `v1:<iv>:<tag>:<ciphertext>` (base64 each), versioned so the scheme can change. While the key is
 * rotated, the previous keys (`SECRETS_KEY_PREVIOUS`) still open what they sealed; sealing always takes
 * the current key.
 */
export class AesGcmCipher implements CredentialCipher {
  private readonly previous: readonly Buffer[];

  constructor(
    private readonly key: Buffer,
    previous: readonly Buffer[] = [],
  ) {
    for (const k of [key, ...previous]) if (k.length !== KEY_BYTES) throw new Error('The credential key must be 32 bytes');
    // The current key given again as a previous one would only be tried twice.
    this.previous = previous.filter((k) => !k.equals(key));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
  }

  open(sealed: string): string {
    return this.opened(sealed).plain;
  }

  reseal(sealed: string): string | null {
    const { plain, current } = this.opened(sealed);
    return current ? null : this.seal(plain);
  }

  /** The plain text, and whether the current key opened it (rather than a previous one). */
  private opened(sealed: string): { plain: string; current: boolean } {
    const [version, iv, tag, ciphertext, ...rest] = sealed.split(':');
    const ivBytes = Buffer.from(iv ?? '', 'base64');
    const tagBytes = Buffer.from(tag ?? '', 'base64');
    if (
      version !== VERSION ||
      ciphertext === undefined ||
      rest.length > 0 ||
      ivBytes.length !== IV_BYTES ||
      tagBytes.length !== TAG_BYTES
    ) {
      throw new UnreadableCredentials('Not a sealed credential value');
    }
    const data = Buffer.from(ciphertext, 'base64');
    for (const key of [this.key, ...this.previous]) {
      const plain = decrypt(key, ivBytes, tagBytes, data);
      if (plain !== null) return { plain, current: key === this.key };
    }
    throw new UnreadableCredentials(
      'Sealed credentials could not be opened: they were altered, or sealed with a key that is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS',
    );
  }
}

/** The plain text, or null when the tag does not match (another key, or altered). */
function decrypt(key: Buffer, iv: Buffer, tag: Buffer, data: Buffer): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Where SECRETS_KEY is not set: credentials without a secret are stored as they are, any secret is refused. */
export class NoKeyCipher implements CredentialCipher {
  seal(_plain: string): string {
    throw new SecretsKeyMissing(
      'SECRETS_KEY is required to store inbox credentials (access token, API key) and inbound signing secrets: set it to 32 random bytes, e.g. `openssl rand -hex 32`',
    );
  }

  open(_sealed: string): string {
    throw new SecretsKeyMissing('SECRETS_KEY is required to read sealed inbox credentials and signing secrets');
  }

  reseal(_sealed: string): string | null {
    throw new SecretsKeyMissing('SECRETS_KEY is required to reseal inbox credentials and signing secrets');
  }
}
