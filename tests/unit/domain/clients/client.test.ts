import { expect } from 'chai';
import { Client } from '../../../../domain/clients/client';
import { ValidationFailed } from '../../../../domain/shared/errors';

const t0 = new Date('2026-01-01T10:00:00.000Z');
const t1 = new Date('2026-01-02T10:00:00.000Z');
const make = () => Client.create('c1', 'team', 'PF', { name: '  Ana  ', address: { city: 'Recife' } }, t0);

describe('Client', () => {
  it('starts active with empty tags and trims the name', () => {
    const c = make().snapshot();
    expect(c).to.include({ status: 'active', name: 'Ana', deactivatedAt: null, createdAt: t0.toISOString() });
    expect(c.tags).to.deep.equal([]);
    expect(c.address.city).to.equal('Recife');
  });

  it('is PF or PJ, whoever creates it', () => {
    expect(() => Client.create('c1', 'team', 'XX' as never, { name: 'Ana' }, t0))
      .to.throw(ValidationFailed, 'type must be PF or PJ')
      .with.nested.property('details.field', 'type');
  });

  it('deactivates, keeps the record and remembers when', () => {
    const c = make();
    c.deactivate(t1);
    expect(c.snapshot()).to.include({ status: 'inactive', deactivatedAt: t1.toISOString(), updatedAt: t1.toISOString(), name: 'Ana' });
  });

  it('keeps the first deactivation moment when deactivated again', () => {
    const c = make();
    c.deactivate(t1);
    c.deactivate(new Date('2026-02-01T00:00:00.000Z'));
    expect(c.deactivatedAt).to.equal(t1.toISOString());
  });

  it('updates address subfields independently', () => {
    const c = make();
    c.update({ address: { street: 'Rua A' } }, t1);
    expect(c.snapshot().address).to.include({ street: 'Rua A', city: 'Recife' });
  });

  it('normalizes CPF and CNPJ and refuses invalid ones', () => {
    const c = make();
    c.update({ cpf: '529.982.247-25' }, t1);
    expect(c.cpf).to.equal('52998224725');
    expect(() => c.update({ cnpj: '11.222.333/0001-00' }, t1)).to.throw(ValidationFailed);
  });

  it('refuses an impossible birth date', () => {
    expect(() => make().update({ birthDate: '2026-02-30' }, t1)).to.throw(ValidationFailed);
  });
});
