import { expect } from 'chai';
import { Duplicate, Unprocessable, ValidationFailed } from '../../../../domain/shared/errors';
import { Company } from '../../../../domain/projects/company';
import { ContactIdentity } from '../../../../domain/projects/contact-identity';
import { duplicateLead, Lead, leadContact, matchLead } from '../../../../domain/projects/lead';

const now = new Date('2026-01-02T03:04:05.000Z');
const later = new Date('2026-01-03T00:00:00.000Z');
const links = { projectId: 'p1', publicId: 'abcdefghjk', contactIdentityId: 'i1', companyId: null };

describe('Lead', () => {
  it('stores the phone as +55 and digits, with internal keys, active and with empty collections', () => {
    const lead = Lead.create('l1', 't', links, { fullName: ' Ana Souza ', phone: '(11) 98765-4321', email: 'Ana@x.com' }, now).snapshot();
    expect(lead).to.include({
      fullName: 'Ana Souza',
      phone: '+5511987654321',
      phoneKey: '5511987654321',
      email: 'Ana@x.com',
      emailKey: 'ana@x.com',
      isActive: true,
      attribution: null,
      projectId: 'p1',
      publicId: 'abcdefghjk',
    });
    expect(lead.tags).to.deep.equal([]);
    expect(lead.metadata).to.deep.equal({});
    expect(lead.customFields).to.deep.equal({});
  });

  it('refuses an empty full_name, a bad email and tags that are not strings', () => {
    expect(() => Lead.create('l1', 't', links, { fullName: ' ' }, now))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'full_name');
    expect(() => Lead.create('l1', 't', links, { fullName: 'A', email: 'nope' }, now))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'email');
    expect(() => Lead.create('l1', 't', links, { fullName: 'A', tags: [1] as never }, now))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'tags');
  });

  it('deactivates and keeps the record', () => {
    const lead = Lead.create('l1', 't', links, { fullName: 'Ana' }, now);
    lead.deactivate(later);
    expect(lead.snapshot()).to.include({ isActive: false, updatedAt: later.toISOString(), fullName: 'Ana' });
  });
});

describe('lead duplicates', () => {
  const existing = Lead.create('l1', 't', links, { fullName: 'Ana', phone: '11987654321', email: 'ana@x.com' }, now).snapshot();

  it('matches by phone first, then by email', () => {
    expect(matchLead(leadContact({ phone: '+55 11 98765-4321', email: 'ANA@x.com' }), existing)).to.equal('phone');
    expect(matchLead(leadContact({ phone: '11 91111-1111', email: 'ANA@x.com' }), existing)).to.equal('email');
  });

  it('does not take the same name with another phone and email as a duplicate', () => {
    expect(matchLead(leadContact({ phone: '11 91111-1111', email: 'other@x.com' }), existing)).to.equal(null);
    expect(matchLead(leadContact({}), existing)).to.equal(null);
  });

  it('names the existing contact, what matched and whether it is archived', () => {
    const err = duplicateLead({ id: 'l1', isActive: false }, 'email');
    expect(err).to.be.instanceOf(Duplicate);
    expect(err.code).to.equal('DUPLICATE_ENTRY');
    expect(err.details).to.deep.equal({ existing_contact_id: 'l1', matched_by: 'email', archived: true });
  });
});

describe('Company.forNewLead', () => {
  const company = Company.create('c1', 't', 'p1', 'Acme', now);

  it('accepts an active company of the project', () => {
    expect(Company.forNewLead(company.snapshot(), 'p1').id).to.equal('c1');
  });

  it("refuses an unknown, another project's or an inactive company on company_id", () => {
    expect(() => Company.forNewLead(null, 'p1'))
      .to.throw(Unprocessable)
      .with.nested.property('details.field', 'company_id');
    expect(() => Company.forNewLead(company.snapshot(), 'p2')).to.throw(Unprocessable);
    const inactive = Company.restore(company.snapshot());
    inactive.deactivate(later);
    expect(inactive.snapshot().isActive).to.equal(false);
    expect(() => Company.forNewLead(inactive.snapshot(), 'p1')).to.throw(Unprocessable);
  });
});

describe('ContactIdentity', () => {
  it('takes its keys from the first lead and fills what it lacks from later ones', () => {
    const identity = ContactIdentity.create('i1', 't', { fullName: 'Ana', phone: '+5511987654321', email: null }, now);
    expect(identity.snapshot()).to.include({ phoneKey: '5511987654321', emailKey: null, displayName: 'Ana' });
    const changed = identity.absorb({ fullName: 'Ana S', phone: '+5511911112222', email: 'Ana@x.com', customFields: { cpf: '1' } }, later);
    expect(changed).to.equal(true);
    expect(identity.snapshot()).to.include({
      primaryPhone: '+5511987654321',
      primaryEmail: 'Ana@x.com',
      emailKey: 'ana@x.com',
      displayName: 'Ana',
      updatedAt: later.toISOString(),
    });
    expect(identity.snapshot().customFields).to.deep.equal({ cpf: '1' });
  });

  it('reports no change when the lead brings nothing new', () => {
    const identity = ContactIdentity.create('i1', 't', { fullName: 'Ana', phone: '+5511987654321', email: 'a@x.com' }, now);
    expect(identity.absorb({ fullName: 'Ana', phone: null, email: 'b@x.com' }, later)).to.equal(false);
    expect(identity.snapshot().updatedAt).to.equal(now.toISOString());
  });
});

describe('Lead.update', () => {
  const base = () =>
    Lead.create('l1', 't', links, { fullName: 'Ana Souza', phone: '(11) 98765-4321', email: 'ana@x.com', tags: ['a'] }, now);

  it('applies the fields present, recomputes the duplicate keys and tells that it changed', () => {
    const lead = base();
    expect(
      lead.update(
        {
          fullName: ' João Conceição ',
          email: 'Joao@Example.com',
          phone: '(21) 99876-5432',
          tags: ['b'],
          notes: 'n',
          customerSource: 'site',
          companyName: 'Padaria São João',
          utmSource: 's',
          utmMedium: 'm',
          utmCampaign: 'c',
        },
        later,
      ),
    ).to.equal(true);
    const data = lead.snapshot();
    expect(data).to.include({
      fullName: 'João Conceição',
      email: 'Joao@Example.com',
      emailKey: 'joao@example.com',
      phone: '+5521998765432',
      phoneKey: '5521998765432',
      notes: 'n',
      customerSource: 'site',
      companyName: 'Padaria São João',
      utmSource: 's',
      utmMedium: 'm',
      utmCampaign: 'c',
      updatedAt: later.toISOString(),
    });
    expect(data.tags).to.deep.equal(['b']);
  });

  it('changes nothing, not even updatedAt, when every field present is what it holds (a phone or e-mail of the same key kept as stored)', () => {
    const lead = base();
    expect(lead.update({ fullName: 'Ana Souza', phone: '+55 11 8765-4321', email: 'ANA@X.COM', tags: ['a'] }, later)).to.equal(false);
    expect(lead.snapshot()).to.include({ phone: '+5511987654321', email: 'ana@x.com', updatedAt: now.toISOString() });
  });

  it('clears a contact field with null, and refuses an empty name or a bad e-mail', () => {
    const lead = base();
    expect(lead.update({ email: null }, later)).to.equal(true);
    expect(lead.snapshot()).to.include({ email: null, emailKey: null });
    expect(() => base().update({ fullName: ' ' }, later)).to.throw(ValidationFailed);
    expect(() => base().update({ email: 'not-an-address' }, later)).to.throw(ValidationFailed);
  });
});
