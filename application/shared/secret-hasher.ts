/** Secrets (API keys, webhook secrets) are stored only as a hash and compared in constant time. */
export interface SecretHasher {
  /** A new random secret, URL-safe, with the given prefix. */
  generate(prefix: string): string;
  hash(secret: string): string;
  matches(secret: string, hash: string): boolean;
}
