import { expect } from 'chai';
import { isPublicId, PUBLIC_ID_LENGTH, publicIdFrom } from '../../../../domain/projects/public-id';

describe('publicIdFrom', () => {
  it('gives a short URL-safe id from random bits', () => {
    const id = publicIdFrom('0190f3c2-7a1b-7c3d-9e4f-a1b2c3d4e5f6');
    expect(id).to.have.length(PUBLIC_ID_LENGTH);
    expect(id).to.match(/^[0-9a-z]+$/);
    expect(isPublicId(id)).to.equal(true);
  });

  it('differs when the random bits differ and repeats when they are the same', () => {
    const a = publicIdFrom('0190f3c2-7a1b-7c3d-9e4f-a1b2c3d4e5f6');
    expect(publicIdFrom('0190f3c2-7a1b-7c3d-9e4f-a1b2c3d4e5f7')).to.not.equal(a);
    expect(publicIdFrom('0190f3c2-7a1b-7c3d-9e4f-a1b2c3d4e5f6')).to.equal(a);
  });

  it('refuses too few bits', () => {
    expect(() => publicIdFrom('abc')).to.throw();
  });
});
