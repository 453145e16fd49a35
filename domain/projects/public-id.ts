// The short public id of a lead: 10 characters of lower-case Crockford base32 (URL-safe, no
// ambiguous letters), taken from random bits the caller supplies. Unique in the team: the
// caller retries with fresh bits when the repository already holds one.

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const PUBLIC_ID_LENGTH = 10;

/** `entropyHex` needs at least 13 hex digits (50 bits); formatting characters are ignored. */
export const publicIdFrom = (entropyHex: string): string => {
  const hex = entropyHex.replace(/[^0-9a-f]/gi, '');
  if (hex.length < 13) throw new Error('publicIdFrom needs at least 13 hex digits');
  let bits = BigInt(`0x${hex.slice(-13)}`) & ((1n << 50n) - 1n); // the lowest 50 bits
  let out = '';
  for (let i = 0; i < PUBLIC_ID_LENGTH; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out;
};

export const isPublicId = (v: unknown): v is string => typeof v === 'string' && new RegExp(`^[${ALPHABET}]{${PUBLIC_ID_LENGTH}}$`).test(v);
