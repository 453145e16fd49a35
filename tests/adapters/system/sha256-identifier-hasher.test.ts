import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { Sha256IdentifierHasher } from '../../../adapters/system/sha256-identifier-hasher';

const IDS = '{"cpf":"39053344705","email":"maria@example.com"}';

describe('Sha256IdentifierHasher', () => {
  const hasher = new Sha256IdentifierHasher();

  it('hashes the identifiers with a fresh salt each time: two entries about one person do not look alike', () => {
    const a = hasher.fingerprint(IDS);
    const b = hasher.fingerprint(IDS);
    expect(a.salt).to.match(/^[0-9a-f]{32}$/);
    expect(a.hash).to.match(/^[0-9a-f]{64}$/);
    expect(a.salt).not.to.equal(b.salt);
    expect(a.hash).not.to.equal(b.hash);
    expect(a.hash).to.equal(createHash('sha256').update(`${a.salt}\n${IDS}`).digest('hex'));
    expect(a.hash).not.to.include('39053344705');
  });

  it('tells whether an entry was about the identifiers given again', () => {
    const f = hasher.fingerprint(IDS);
    expect(hasher.matches(IDS, f)).to.equal(true);
    expect(hasher.matches('{"cpf":"52998224725"}', f)).to.equal(false);
  });
});
