import { InboxCredentials } from '../../domain/whatsapp/inbox';

/**
 * Seals inbox credentials (access tokens, API keys) for storage, so the database never holds them in
 * clear. The repositories of inboxes are given one.
 */
export interface CredentialCipher {
  /** A text that reveals nothing of `plain`; throws when no key is configured. */
  seal(plain: string): string;
  /** `plain` back from `seal`'s text; throws when the text was altered, sealed with another key, or no key is configured. */
  open(sealed: string): string;
}

/**
 * The stored text of an inbox's credentials: sealed when they hold a secret. The sandbox holds none, so
 * it is kept as JSON and needs no key.
 */
export const sealCredentials = (cipher: CredentialCipher, credentials: InboxCredentials): string =>
  credentials.channel === 'sandbox' ? JSON.stringify(credentials) : cipher.seal(JSON.stringify(credentials));

/**
 * Credentials back from their stored text: sealed, or JSON, as the sandbox's are and as every inbox's were
 * before credentials were sealed (a JSON object starts with `{`, a sealed text never does).
 */
export const openCredentials = (cipher: CredentialCipher, stored: unknown): InboxCredentials => {
  if (typeof stored !== 'string') return stored as InboxCredentials;
  return JSON.parse(stored.trimStart().startsWith('{') ? stored : cipher.open(stored)) as InboxCredentials;
};
