// Each record of a person, anonymised in place: it keeps its id, its values, its status and its history, and
// no longer names anyone.
import { expect } from 'chai';
import { Activity } from '../../../../domain/activities/activity';
import { Client } from '../../../../domain/clients/client';
import { Deal } from '../../../../domain/deals/deal';
import { ERASED_NAME, REMOVED_VALUE, Redaction } from '../../../../domain/privacy/redaction';
import { ContactIdentity } from '../../../../domain/projects/contact-identity';
import { Lead } from '../../../../domain/projects/lead';
import { Project } from '../../../../domain/projects/project';
import { Conflict } from '../../../../domain/shared/errors';
import { PhoneNumber } from '../../../../domain/shared/phone-number';
import { InboundDelivery } from '../../../../domain/webhooks/inbound-delivery';
import { Contact } from '../../../../domain/whatsapp/contact';
import { Conversation } from '../../../../domain/whatsapp/conversation';
import { Message } from '../../../../domain/whatsapp/message';

const t0 = new Date('2026-01-01T10:00:00.000Z');
const t1 = new Date('2026-02-01T10:00:00.000Z');
const ERASURE = '0190a000-0000-7000-8000-00000000e001';
const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const NAME = 'Maria José da Silva';
const EMAIL = 'maria.silva@example.com';
const PHONE = '+55 11 98765-4321';
const CPF = '390.533.447-05';
const redaction = Redaction.of(ERASURE, { names: [NAME, 'Zeca'], emails: [EMAIL], phones: [PHONE], documents: [CPF] });

/** Every string of a record, for "nothing of the person is left". */
const strings = (v: unknown): string[] =>
  typeof v === 'string'
    ? [v]
    : Array.isArray(v)
      ? v.flatMap(strings)
      : v && typeof v === 'object'
        ? Object.entries(v).flatMap(([k, x]) => [k, ...strings(x)])
        : typeof v === 'number'
          ? [String(v)]
          : [];
const expectNoPerson = (record: unknown) => {
  const text = strings(record).join('\n').toLowerCase();
  for (const value of ['maria', 'zeca', EMAIL, '98765', '8765-4321', '39053344705', '390.533']) expect(text).not.to.include(value);
};

describe('Anonymising the records of a person', () => {
  it('a client: the placeholder name, every identifier, contact, address and note cleared; type, status, tags and history kept', () => {
    const client = Client.create(
      id(1),
      id(0),
      'PF',
      {
        name: NAME,
        displayName: 'Zeca',
        email: EMAIL,
        phone: PHONE,
        mobilePhone: '11987654321',
        whatsapp: '5511987654321',
        rg: '12.345.678-9',
        cpf: CPF,
        birthDate: '1980-05-04',
        gender: 'F',
        maritalStatus: 'casada',
        nationality: 'brasileira',
        notes: 'Prefers calls after 6pm',
        source: `referral by ${NAME}`,
        tags: ['vip', EMAIL],
        address: { street: 'Rua A', number: '10', city: 'Recife', zipCode: '50000-000' },
      },
      t0,
    );
    client.deactivate(t0);
    const data = client.anonymise(redaction, t1);
    expect(data).to.include({
      id: id(1),
      type: 'PF',
      status: 'inactive',
      name: ERASED_NAME,
      createdAt: t0.toISOString(),
      updatedAt: t1.toISOString(),
    });
    expect(data).to.include({ cpf: null, cnpj: null, birthDate: null, email: null, phone: null, rg: null, notes: null, gender: null });
    expect(data).to.include({ source: `referral by ${ERASED_NAME}`, deactivatedAt: t0.toISOString() });
    expect(data.tags).to.deep.equal(['vip']);
    expect(Object.values(data.address).every((v) => v === null)).to.equal(true);
    expectNoPerson(data);
    expect(client.snapshot()).to.deep.equal(data);
  });

  it("a company client found by another value: only the person's values leave it", () => {
    const company = Client.create(
      id(2),
      id(0),
      'PJ',
      { name: 'Acme Ltda', email: EMAIL, phone: '(81) 3333-4444', cnpj: '11.222.333/0001-81', notes: `contact: ${NAME}` },
      t0,
    );
    const data = company.redact(redaction, t1);
    expect(data).to.include({
      name: 'Acme Ltda',
      email: null,
      phone: '(81) 3333-4444',
      cnpj: '11222333000181',
      notes: `contact: ${ERASED_NAME}`,
    });
    expect(data.updatedAt).to.equal(t1.toISOString());
  });

  it('a lead: the placeholder name, no phone, e-mail, keys, notes or custom values; its attribution without the person', () => {
    const links = { projectId: id(3), publicId: 'AB12CD34', contactIdentityId: id(4), companyId: null };
    const lead = Lead.create(
      id(5),
      id(0),
      links,
      {
        fullName: NAME,
        phone: PHONE,
        email: EMAIL,
        notes: 'wants a quote',
        customFields: { cpf: CPF },
        metadata: { form: 'site', whatsapp: '5511987654321' },
        attribution: { utm_source: 'google', ref: EMAIL },
        utmSource: 'google',
        tags: ['form'],
      },
      t0,
    );
    const data = lead.anonymise(redaction, t1);
    expect(data).to.include({
      id: id(5),
      fullName: ERASED_NAME,
      email: null,
      phone: null,
      emailKey: null,
      phoneKey: null,
      notes: null,
      isActive: true,
    });
    expect(data).to.include({ utmSource: 'google', publicId: 'AB12CD34', updatedAt: t1.toISOString() });
    expect(data.customFields).to.deep.equal({});
    expect(data.metadata).to.deep.equal({ form: 'site', whatsapp: null });
    expect(data.attribution).to.deep.equal({ utm_source: 'google', ref: null });
    expect(data.tags).to.deep.equal(['form']);
    expectNoPerson(data);
  });

  it('a contact identity: the placeholder name, no phone, e-mail, keys or contact-level values', () => {
    const identity = ContactIdentity.create(
      id(4),
      id(0),
      { fullName: NAME, phone: '+5511987654321', email: EMAIL, customFields: { age: 40 } },
      t0,
    );
    const data = identity.anonymise(t1);
    expect(data).to.include({
      id: id(4),
      displayName: ERASED_NAME,
      primaryPhone: null,
      primaryEmail: null,
      phoneKey: null,
      emailKey: null,
    });
    expect(data.customFields).to.deep.equal({});
    expect(data.updatedAt).to.equal(t1.toISOString());
  });

  it("a deal: its contact snapshot cleared and the person's values out of its texts; value, phase, status and tags kept", () => {
    const deal = Deal.createInProject(
      id(6),
      id(0),
      {
        projectId: id(3),
        pipelineId: id(7),
        column: { slug: 'novo', name: 'Novo', outcome: 'open' } as never,
        lead: { id: id(5), fullName: NAME, email: EMAIL, phone: '+5511987654321' },
        description: `Proposal for ${NAME}, cpf ${CPF}`,
        value: 1500,
        tags: ['hot'],
        metadata: { email: EMAIL },
        customFields: { doc: CPF },
      },
      t0,
    );
    const data = deal.anonymise(redaction, t1);
    expect(data).to.include({
      id: id(6),
      title: ERASED_NAME,
      contactName: ERASED_NAME,
      contactEmail: null,
      contactPhone: null,
      value: 1500,
      phase: 'novo',
    });
    expect(data).to.include({
      description: `Proposal for ${ERASED_NAME}, cpf ${REMOVED_VALUE}`,
      status: 'ativo',
      updatedAt: t1.toISOString(),
    });
    expect(data.metadata).to.deep.equal({ email: null });
    expect(data.tags).to.deep.equal(['hot']);
    expectNoPerson(data);
    expect(deal.pullEvents().map((e) => e.type)).to.deep.equal(['deal.created']);
  });

  it('a WhatsApp contact: no number, jid, names or notes, and a key of its own that no number can take', () => {
    const contact = Contact.create(
      id(8),
      id(0),
      PhoneNumber.parse('551187654321'),
      { customName: NAME, notes: 'called', tags: ['lead'] },
      t0,
      'Zeca',
    );
    const data = contact.anonymise(redaction, t1);
    expect(data).to.include({ id: id(8), phone: '', jid: '', pushName: null, customName: null, notes: null, updatedAt: t1.toISOString() });
    expect(data.phoneKey).to.match(/^x[0-9a-f]{19}$/);
    expect(data.phoneKey.length).to.be.at.most(20);
    expect(data.tags).to.deep.equal(['lead']);
    expectNoPerson(data);
  });

  it("a conversation: the ad it came from kept, without the person's click id", () => {
    const conversation = Conversation.open(id(9), id(0), { id: id(10), channel: 'cloud_api' }, id(8), t0);
    const referral = {
      sourceUrl: 'https://fb.me/ad',
      sourceId: '123',
      sourceType: 'ad',
      headline: 'Promo',
      body: null,
      mediaType: null,
      imageUrl: null,
      videoUrl: null,
      thumbnailUrl: null,
      ctwaClid: 'ARAkLkA8rmlF',
    };
    conversation.noteReferral(referral, t0);
    const data = conversation.anonymise(t1);
    expect(data.source).to.deep.equal({ ...referral, ctwaClid: null });
    expect(data.updatedAt).to.equal(t1.toISOString());
  });

  it('a WhatsApp message: its text, media references, sender, raw object and template parameters replaced; type, status and times kept', () => {
    const thread = { id: id(9), inboxId: id(10), contactId: id(8) };
    const message = Message.inbound(
      id(11),
      id(0),
      thread,
      {
        type: 'image',
        text: `sou ${NAME}`,
        media: { id: 'media-1', mimeType: 'image/jpeg', sha256: 'abc', filename: 'rg.jpg', url: 'https://cdn/x' },
        context: { id: 'wamid.1', from: '5511987654321' },
        referral: null,
        error: null,
        raw: { from: '5511987654321', image: { caption: `sou ${NAME}` } },
      },
      'wamid.2',
      t0,
      t0,
    );
    const data = message.anonymise(redaction, t1);
    expect(data).to.include({
      id: id(11),
      type: 'image',
      status: 'received',
      content: redaction.marker,
      raw: null,
      providerMessageId: 'wamid.2',
    });
    expect(data.media).to.deep.equal({ id: null, mimeType: 'image/jpeg', sha256: null, filename: null, url: null });
    expect(data.context).to.deep.equal({ id: 'wamid.1', from: null });
    expect(data.createdAt).to.equal(t0.toISOString());
    expectNoPerson(data);

    const template = Message.outgoing(
      id(12),
      id(0),
      thread,
      {
        kind: 'template',
        template: { name: 'hello', language: 'pt_BR', components: [{ type: 'body', parameters: [{ type: 'text', text: NAME }] }] },
      },
      t0,
    );
    expect(template.anonymise(redaction, t1).template).to.deep.equal({ name: 'hello', language: 'pt_BR', components: [] });
  });

  it('an activity: its description cleared and the person out of its title', () => {
    const activity = Activity.create(
      id(13),
      id(0),
      { title: `Call ${NAME}`, description: 'She asked about prices', clientId: id(1), tags: ['call'] },
      t0,
    );
    const data = activity.anonymise(redaction, t1);
    expect(data).to.include({ id: id(13), title: `Call ${ERASED_NAME}`, description: null, clientId: id(1), updatedAt: t1.toISOString() });
  });

  it('a project named after the person: the name out of its name and texts, and a slug of its new name', () => {
    const project = Project.restore({
      id: id(16),
      teamId: id(0),
      name: `Site ${NAME}`,
      slug: 'site-maria-jose-da-silva',
      description: `Para ${EMAIL}`,
      stageId: id(17),
      priority: 'medium',
      color: null,
      briefing: null,
      squadId: null,
      clientId: id(1),
      startDate: null,
      dueDate: null,
      completedAt: null,
      createdBy: null,
      isInternal: false,
      archivedAt: null,
      createdAt: t0.toISOString(),
      updatedAt: t0.toISOString(),
    });
    const data = project.redact(redaction, t1);
    expect(data).to.include({
      name: `Site ${ERASED_NAME}`,
      slug: 'site-titular-removido-00000016',
      description: `Para ${REMOVED_VALUE}`,
      clientId: id(1),
    });
    expectNoPerson(data);
  });

  it('an inbound delivery: its body and parsed payload replaced by the marker, its outcome kept, and it is never replayed', () => {
    const body = JSON.stringify({ name: NAME, email: EMAIL, phone: PHONE });
    const delivery = InboundDelivery.receive(id(14), id(0), id(15), 'create_lead', JSON.parse(body), t0, {
      rawBody: body,
      contentType: 'application/json',
      idempotencyKey: EMAIL,
    });
    delivery.fail(`phone ${PHONE} refused`, t0, 'refused', [{ field: 'phone', value: PHONE, reason: 'not a mobile' }]);
    const data = delivery.anonymise(redaction);
    expect(data).to.include({
      id: id(14),
      rawBody: redaction.marker,
      payload: redaction.marker,
      status: 'failed',
      failure: 'refused',
      attempts: 1,
      idempotencyKey: null,
    });
    expect(data.error).to.equal(`phone ${REMOVED_VALUE} refused`);
    expect(data.warnings).to.deep.equal([{ field: 'phone', value: null, reason: 'not a mobile' }]);
    expectNoPerson(data);
    expect(() => delivery.assertReplayable()).to.throw(Conflict, 'erased');
  });
});
