import { InboxCredentials } from '../../domain/whatsapp/inbox';
import { CredentialsReseal } from '../../domain/whatsapp/inbox-repository';

/**
 * Seals inbox credentials (access tokens, API keys) for storage, so the database never holds them in
 * clear. The repositories of inboxes are given one.
 */
/** Thrown by `open` and `reseal` for a text that is not sealed, was altered, or no configured key opens. */
export class UnreadableCredentials extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableCredentials';
  }
}

/** Thrown by `seal` (and the others) where SECRETS_KEY is not set: the server cannot keep a secret at all. */
export class SecretsKeyMissing extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsKeyMissing';
  }
}

export interface CredentialCipher {
  /** A text that reveals nothing of `plain`; throws `SecretsKeyMissing` when no key is configured. */
  seal(plain: string): string;
  /**
   * `plain` back from `seal`'s text; throws `UnreadableCredentials` when the text was altered or sealed with
   * another key, and another error when no key is configured.
   */
  open(sealed: string): string;
  /**
   * `sealed` sealed again under the current key when a previous key sealed it (the key is being rotated),
   * or null when the current key already did; throws as `open` does.
   */
  reseal(sealed: string): string | null;
}

/** Credentials stored as JSON: the sandbox's, and every inbox's before credentials were sealed (a sealed text never starts with `{`). */
const isClear = (stored: string): boolean => stored.trimStart().startsWith('{');

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
  return JSON.parse(isClear(stored) ? stored : cipher.open(stored)) as InboxCredentials;
};

/**
 * Reseals each stored credentials text under the cipher's current key, counting what it found; `write`
 * stores the new text of one row. Credentials no key opens are listed and left as they are; a cipher
 * without a key throws, as it does for any secret.
 */
export async function resealEach<R extends { id: string; credentials: string }>(
  cipher: CredentialCipher,
  rows: readonly R[],
  write: (row: R, credentials: string) => Promise<void>,
): Promise<CredentialsReseal> {
  const report: CredentialsReseal = { resealed: 0, alreadyCurrent: 0, plaintextSealed: 0, withoutSecret: 0, unreadable: [] };
  for (const row of rows) {
    if (isClear(row.credentials)) {
      const credentials = JSON.parse(row.credentials) as InboxCredentials;
      if (credentials.channel === 'sandbox') {
        report.withoutSecret++;
        continue;
      }
      await write(row, sealCredentials(cipher, credentials));
      report.plaintextSealed++;
      continue;
    }
    let resealed: string | null;
    try {
      resealed = cipher.reseal(row.credentials);
    } catch (err) {
      if (!(err instanceof UnreadableCredentials)) throw err;
      report.unreadable.push(row.id);
      continue;
    }
    if (resealed === null) {
      report.alreadyCurrent++;
    } else {
      await write(row, resealed);
      report.resealed++;
    }
  }
  return report;
}
