import { randomBytes } from 'node:crypto';
import { IdGenerator } from '../../application/shared/id-generator';

/**
 * RFC 9562 UUIDv7: 48 bits of Unix milliseconds, then random bits. A counter in the random part keeps
 * ids made in the same millisecond in creation order, so id order is a faithful tie-breaker for sorts.
 */
export class UuidV7Generator implements IdGenerator {
  private lastMs = 0;
  private counter = 0;

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
      this.counter = randomBytes(2).readUInt16BE(0) & 0x3ff; // leave headroom for increments
    }
    const b = randomBytes(16);
    b.writeUIntBE(ms, 0, 6);
    b[6] = 0x70 | ((this.counter >> 8) & 0x0f);
    b[7] = this.counter & 0xff;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}
