import { randomBytes } from 'node:crypto';
import { IdGenerator } from '../../application/shared/id-generator';

/**
 * RFC 9562 UUIDv7: 48 bits of Unix milliseconds, then random bits. A counter in the random part keeps
 * ids made in the same millisecond in creation order, so id order is a faithful tie-breaker for sorts.
 */
/** Random bytes are drawn this many at a time: a draw per id cost more than the rest of making it. */
const POOL_BYTES = 4096;

export class UuidV7Generator implements IdGenerator {
  private lastMs = 0;
  private counter = 0;
  private pool = Buffer.alloc(0);
  private taken = 0;

  /** `n` fresh random bytes of the pool (never given twice), in a buffer of their own. */
  private random(n: number): Buffer {
    if (this.taken + n > this.pool.length) {
      this.pool = randomBytes(POOL_BYTES);
      this.taken = 0;
    }
    const bytes = Buffer.from(this.pool.subarray(this.taken, this.taken + n));
    this.taken += n;
    return bytes;
  }

  next(): string {
    let ms = Date.now();
    if (ms <= this.lastMs) {
      ms = this.lastMs;
      this.counter++;
      if (this.counter > 0xfff) {
        ms = ++this.lastMs;
        this.counter = 0;
      }
    } else {
      this.lastMs = ms;
      this.counter = this.random(2).readUInt16BE(0) & 0x3ff; // leave headroom for increments
    }
    const b = this.random(16);
    b.writeUIntBE(ms, 0, 6);
    b[6] = 0x70 | ((this.counter >> 8) & 0x0f);
    b[7] = this.counter & 0xff;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}
