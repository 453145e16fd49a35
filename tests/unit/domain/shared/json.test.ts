import { expect } from 'chai';
import { MAX_BODY_DEPTH, MAX_FREE_FORM_DEPTH, nestedDeeperThan, requireJsonDepth } from '../../../../domain/shared/json';

/** `levels` nested objects, `{"a":{"a":…}}`, built without recursion. */
const nested = (levels: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

describe('JSON depth', () => {
  it('counts `{}` as one level and refuses one level past the limit, naming the way there', () => {
    expect(nestedDeeperThan('text', 0)).to.equal(null);
    expect(nestedDeeperThan({}, 1)).to.equal(null);
    expect(nestedDeeperThan({ a: [] }, 1)).to.deep.equal(['a']);
    expect(nestedDeeperThan(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).to.equal(null);
    expect(nestedDeeperThan(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).to.have.length(MAX_BODY_DEPTH);
    expect(nestedDeeperThan({ ok: [1, 2], deep: [[['x']]] }, 3)).to.deep.equal(['deep', '0', '0']);
  });

  it('measures a value nested far past the call stack without overflowing it', () => {
    expect(nestedDeeperThan(nested(200000), MAX_BODY_DEPTH)).to.have.length(MAX_BODY_DEPTH);
  });

  it('keeps free-form values to their own, lower limit, with a 400 on the field', () => {
    expect(requireJsonDepth(nested(MAX_FREE_FORM_DEPTH), 'goals')).to.be.an('object');
    expect(() => requireJsonDepth(nested(MAX_FREE_FORM_DEPTH + 1), 'goals')).to.throw(/goals must not be nested more than 32 levels deep/);
  });
});
