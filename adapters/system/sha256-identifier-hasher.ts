import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { IdentifierHasher } from '../../application/privacy/identifier-hasher';
import { IdentifierFingerprint } from '../../domain/privacy/privacy-erasure';

/** SHA-256 over a fresh 16-byte salt (hex) and the normalised identifiers; the salt is stored beside the hash. */
export class Sha256IdentifierHasher implements IdentifierHasher {
  fingerprint(normalised: string): IdentifierFingerprint {
    const salt = randomBytes(16).toString('hex');
    return { salt, hash: digest(salt, normalised) };
  }

  matches(normalised: string, fingerprint: IdentifierFingerprint): boolean {
    const a = Buffer.from(digest(fingerprint.salt, normalised), 'hex');
    const b = Buffer.from(fingerprint.hash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

const digest = (salt: string, normalised: string): string => createHash('sha256').update(`${salt}\n${normalised}`, 'utf8').digest('hex');
