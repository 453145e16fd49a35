/**
 * Verify tokens of Meta's subscription handshake are chosen by people, so they are kept salted and slow to
 * guess, unlike the random secrets of `SecretHasher`; the stored text never leaves the server.
 */
export interface VerifyTokenHasher {
  /** A new salted hash of `token`: hashing the same token twice gives two different texts. */
  hash(token: string): Promise<string>;
  /**
   * Whether `token` is the one `stored` was made from, compared in constant time. `stored` may also be the
   * unsalted SHA-256 (64 hex characters) kept before tokens were salted.
   */
  matches(token: string, stored: string): Promise<boolean>;
}
