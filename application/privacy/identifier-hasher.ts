import { IdentifierFingerprint } from '../../domain/privacy/privacy-erasure';

/**
 * What the privacy log keeps of the identifiers an erasure was asked about: a hash over a random salt of the
 * entry's own and the normalised identifiers, never the identifiers. Given them again, `matches` tells whether
 * an entry was about them; without them, the entry names no one.
 */
export interface IdentifierHasher {
  fingerprint(normalised: string): IdentifierFingerprint;
  matches(normalised: string, fingerprint: IdentifierFingerprint): boolean;
}
