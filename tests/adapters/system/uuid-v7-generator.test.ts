import { expect } from 'chai';
import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';

describe('UuidV7Generator', () => {
  it('makes RFC 9562 version 7 ids, all different, in creation order, past many draws of its random pool', () => {
    const ids = new UuidV7Generator();
    // 10 000 ids take 18 bytes each of a 4 096-byte pool: dozens of refills.
    const made = Array.from({ length: 10000 }, () => ids.next());
    for (const id of made) expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(made).size).to.equal(made.length);
    expect([...made].sort()).to.deep.equal(made);
    // The random part differs from one id to the next (no byte of the pool is given twice).
    const tails = made.map((id) => id.slice(24));
    expect(new Set(tails).size).to.equal(tails.length);
  });
});
