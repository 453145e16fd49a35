import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SecretHasher } from '../../application/shared/secret-hasher';

/**
 * Secrets here are 32 random bytes, so a plain SHA-256 is enough (no password stretching needed) and lets
 * an API key be found by its hash with one index lookup.
 */
export class Sha256SecretHasher implements SecretHasher {
  generate(prefix: string): string {
    return `${prefix}${randomBytes(32).toString('base64url')}`;
  }

  hash(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }

  matches(secret: string, hash: string): boolean {
    const a = Buffer.from(this.hash(secret), 'hex');
    const b = Buffer.from(hash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
