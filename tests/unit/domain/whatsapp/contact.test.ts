import { expect } from 'chai';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { Contact } from '../../../../domain/whatsapp/contact';
import { PhoneNumber } from '../../../../domain/shared/phone-number';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const T1 = new Date('2026-03-02T10:00:00.000Z');
const make = () =>
  Contact.create('c1', 'team', PhoneNumber.parse('(11) 8765-4321'), { customName: ' Ana ', tags: ['vip', 'vip', ' lead '] }, T0);

describe('Contact', () => {
  it('is created with the digits, the JID and a phone key shared by the 9th-digit variants', () => {
    const c = make().snapshot();
    expect(c.phone).to.equal('551187654321');
    expect(c.jid).to.equal('551187654321@s.whatsapp.net');
    expect(c.phoneKey).to.equal(PhoneNumber.parse('5511987654321').canonical);
    expect(c.customName).to.equal('Ana');
    expect(c.tags).to.deep.equal(['vip', 'lead']);
    expect(c.pushName).to.equal(null);
    expect(c.createdAt).to.equal(T0.toISOString());
  });

  it('updates only the fields sent and stamps updated_at', () => {
    const c = make();
    c.update({ notes: 'called', clientId: '0190a0b0-0000-7000-8000-000000000001' }, T1);
    const s = c.snapshot();
    expect(s.notes).to.equal('called');
    expect(s.clientId).to.equal('0190a0b0-0000-7000-8000-000000000001');
    expect(s.customName).to.equal('Ana');
    expect(s.updatedAt).to.equal(T1.toISOString());
  });

  it('clears a text field set to null or blank', () => {
    const c = make();
    c.update({ customName: '  ' }, T1);
    expect(c.snapshot().customName).to.equal(null);
  });

  it('refuses an update that sets nothing it may change', () => {
    const c = make();
    expect(() => c.update({}, T1)).to.throw(ValidationFailed);
    expect(() => c.update({ phone: '123' } as never, T1)).to.throw(ValidationFailed);
    expect(c.snapshot().updatedAt).to.equal(T0.toISOString());
  });

  it('refuses tags that are not strings', () => {
    expect(() => make().update({ tags: [1] as never }, T1))
      .to.throw(ValidationFailed)
      .with.deep.property('details', { field: 'tags' });
  });

  it('notes a new push name and ignores an empty or unchanged one', () => {
    const c = make();
    expect(c.notePushName('Ana Souza', T1)).to.equal(true);
    expect(c.notePushName('Ana Souza', T1)).to.equal(false);
    expect(c.notePushName('', T1)).to.equal(false);
    expect(c.snapshot().pushName).to.equal('Ana Souza');
  });

  it('follows the customer to a new number: phone, key and JID change together', () => {
    const c = make();
    expect(c.changeNumber(PhoneNumber.fromProvider('12195555358'), T1)).to.equal(true);
    expect(c.snapshot()).to.include({
      phone: '12195555358',
      jid: '12195555358@s.whatsapp.net',
      phoneKey: PhoneNumber.parse('+1 219 555 5358').canonical,
      updatedAt: T1.toISOString(),
    });
  });

  it('does not change for the same number', () => {
    const c = make();
    expect(c.changeNumber(PhoneNumber.parse('551187654321'), T1)).to.equal(false);
    expect(c.snapshot().updatedAt).to.equal(T0.toISOString());
  });
});
