import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { VerifyTokenHasher } from '../../application/webhooks/verify-token-hasher';

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/**
 * scrypt's cost: the handshake is a public route, so one check has to stay cheap (about 10 ms, bounded by
 * the per-endpoint rate limit) while still making every guess of a stolen hash cost as much. The
 * parameters are part of the stored text, so raising them later keeps older hashes readable.
 */
const COST = { N: 4096, r: 8, p: 1 };
const SALTED = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;
/** How verify tokens were kept before they were salted: SHA-256, 64 hex characters. */
const LEGACY = /^[0-9a-f]{64}$/;

const derive = (token: string, salt: Buffer, cost: typeof COST, length: number): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(token, salt, length, { ...cost, maxmem: 256 * cost.N * cost.r }, (err, key) => (err ? reject(err) : resolve(key))),
  );

const same = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/** `scrypt$N$r$p$<salt>$<key>` (base64url), a random salt per token. */
export class ScryptVerifyTokenHasher implements VerifyTokenHasher {
  async hash(token: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(token, salt, COST, KEY_BYTES);
    return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async matches(token: string, stored: string): Promise<boolean> {
    if (LEGACY.test(stored)) return same(createHash('sha256').update(token, 'utf8').digest(), Buffer.from(stored, 'hex'));
    const m = SALTED.exec(stored);
    if (!m) return false;
    const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const expected = Buffer.from(m[5], 'base64url');
    if (expected.length === 0) return false;
    return same(await derive(token, Buffer.from(m[4], 'base64url'), { N, r, p }, expected.length), expected);
  }
}
