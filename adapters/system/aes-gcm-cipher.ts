import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CredentialCipher } from '../../application/whatsapp/credential-cipher';

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
 * `v1:<iv>:<tag>:<ciphertext>` (base64 each), versioned so the scheme can change.
 */
export class AesGcmCipher implements CredentialCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error('The credential key must be 32 bytes');
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
  }

  open(sealed: string): string {
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
      throw new Error('Not a sealed credential value');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('Sealed credentials could not be opened: they were altered, or sealed with another SECRETS_KEY');
    }
  }
}

/** Where SECRETS_KEY is not set: credentials without a secret are stored as they are, any secret is refused. */
export class NoKeyCipher implements CredentialCipher {
  seal(_plain: string): string {
    throw new Error(
      'SECRETS_KEY is required to store inbox credentials (access token, API key): set it to 32 random bytes, e.g. `openssl rand -hex 32`',
    );
  }

  open(_sealed: string): string {
    throw new Error('SECRETS_KEY is required to read sealed inbox credentials');
  }
}
