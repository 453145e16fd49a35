import { expect } from 'chai';
import { Client, ClientData } from '../../../../domain/clients/client';
import { clientKeyNames, clientKeysOf, namedClient } from '../../../../domain/clients/client-match';
import { Unprocessable, ValidationFailed } from '../../../../domain/shared/errors';

const now = new Date('2026-01-02T03:04:05.000Z');
const client = (id: string, type: 'PF' | 'PJ', fields: { cpf?: string; cnpj?: string; email?: string }): ClientData =>
  Client.create(id, 't', type, { name: `Cliente ${id}`, ...fields }, now).snapshot();

describe('Which existing client a batch item names', () => {
  it('reads the CPF and CNPJ as Client stores them, whatever the punctuation, and the e-mail trimmed in lower case', () => {
    expect(clientKeysOf({ cpf: '529.982.247-25', cnpj: '11.222.333/0001-81', email: '  Maria.Conceição@Example.COM ' })).to.deep.equal({
      cpf: '52998224725',
      cnpj: '11222333000181',
      email: 'maria.conceição@example.com',
    });
    expect(clientKeysOf({ cpf: null, cnpj: '', email: '   ' })).to.deep.equal({ cpf: null, cnpj: null, email: null });
  });

  it('refuses a document that is not one, naming its field', () => {
    expect(() => clientKeysOf({ cpf: '123.456.789-00' }))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'cpf');
  });

  it('names its keys as a rehearsal remembers them', () => {
    expect(clientKeyNames({ cpf: '52998224725', cnpj: null, email: 'a@b.c' })).to.deep.equal(['cpf:52998224725', 'email:a@b.c']);
  });

  it('names the holder of the CPF first, then of the CNPJ, then of the e-mail', () => {
    const byCpf = client('1', 'PF', { cpf: '52998224725' });
    const byCnpj = client('2', 'PJ', { cnpj: '11222333000181' });
    const byEmail = client('3', 'PF', { email: 'Ana@Example.com' });
    const all = [byEmail, byCnpj, byCpf];
    const keys = clientKeysOf({ cpf: '52998224725', cnpj: '11222333000181', email: 'ana@example.com' });
    expect(namedClient(keys, all)).to.deep.equal({ client: byCpf, matchedBy: 'cpf' });
    expect(namedClient({ ...keys, cpf: null }, all)).to.deep.equal({ client: byCnpj, matchedBy: 'cnpj' });
    expect(namedClient({ ...keys, cpf: null, cnpj: null }, all)).to.deep.equal({ client: byEmail, matchedBy: 'email' });
    expect(namedClient({ cpf: null, cnpj: null, email: null }, all)).to.equal(null);
    expect(namedClient(clientKeysOf({ email: 'outra@example.com' }), all)).to.equal(null);
  });
});

describe('Client, named by a batch item', () => {
  it('refuses an item of the other type on `type`, naming the client', () => {
    const pj = Client.restore(client('9', 'PJ', { cnpj: '11222333000181' }));
    expect(() => pj.assertType('PJ')).to.not.throw();
    expect(() => pj.assertType('PF'))
      .to.throw(Unprocessable)
      .with.property('details')
      .that.deep.equals({ field: 'type', existing_id: '9' });
  });

  it('tells whether an update changed a field', () => {
    const c = Client.restore(client('1', 'PF', { cpf: '52998224725', email: 'a@b.c' }));
    expect(c.update({ name: 'Cliente 1', cpf: '529.982.247-25', email: 'a@b.c' }, now)).to.equal(false);
    expect(c.update({ name: 'Cliente Um' }, now)).to.equal(true);
  });
});
