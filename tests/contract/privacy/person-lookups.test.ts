// The repository reads that find one person's records (LGPD art. 18), on every backend.
import { expect } from 'chai';
import { ACTIVITY_TOKENS } from '../../../bootstrap/contexts/activities';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { WEBHOOK_TOKENS } from '../../../bootstrap/contexts/webhooks';
import { WHATSAPP_TOKENS } from '../../../bootstrap/contexts/whatsapp';
import { ActivityRepository } from '../../../domain/activities/activity-repository';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { DealContactRepository } from '../../../domain/deals/deal-contact-repository';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { parsePersonIdentifiers } from '../../../domain/privacy/person-identifiers';
import { ContactIdentityRepository } from '../../../domain/projects/contact-identity-repository';
import { LeadRepository } from '../../../domain/projects/lead-repository';
import { PhoneNumber } from '../../../domain/shared/phone-number';
import { InboundDeliveryData } from '../../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../../domain/webhooks/inbound-delivery-repository';
import { Contact } from '../../../domain/whatsapp/contact';
import { ContactRepository } from '../../../domain/whatsapp/contact-repository';
import { Conversation } from '../../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../../domain/whatsapp/conversation-repository';
import { Inbox } from '../../../domain/whatsapp/inbox';
import { InboxRepository } from '../../../domain/whatsapp/inbox-repository';
import { Message, inboundText } from '../../../domain/whatsapp/message';
import { MessageRepository } from '../../../domain/whatsapp/message-repository';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';
import { referencedRows } from '../../support/referenced-rows';
import { ActivityMother } from '../activities/activity-mother';
import { DealRecordMother, EventMother } from '../deals/deal-mother';
import { IdentityMother, LeadMother, uuid as projectUuid } from '../projects/mothers';

let seq = 0;
const id = () => `0190e000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;
const at = (n: number) => new Date(Date.UTC(2026, 2, 1, 0, 0, n));
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

forEachBackend('Person lookups contract', (env) => {
  let team: { teamId: string };
  let other: { teamId: string };
  const get = <T>(token: symbol): T => env().container.get<T>(token);
  beforeEach(() => {
    team = { teamId: id() };
    other = { teamId: id() };
  });

  describe('ClientRepository.findByPhoneDigits', () => {
    it('finds the clients holding a spelling of the phone in any phone field, oldest first, in the team only', async () => {
      const clients = get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
      const byPhone = ClientMother.create({ teamId: team.teamId, phone: '(11) 98765-4321' });
      const byMobile = ClientMother.create({ teamId: team.teamId, mobilePhone: '+55 11 8765-4321' });
      const byWhatsapp = ClientMother.create({ teamId: team.teamId, whatsapp: '011.98765.4321' });
      const someoneElse = ClientMother.create({ teamId: team.teamId, phone: '(11) 98765-4322' });
      const otherTeam = ClientMother.create({ teamId: other.teamId, phone: '(11) 98765-4321' });
      for (const c of [byWhatsapp, byPhone, byMobile, someoneElse, otherTeam]) await clients.insert(c);
      const variants = parsePersonIdentifiers({ phone: '11987654321' }).phone!.variants;

      const found = await clients.findByPhoneDigits(team, variants, 10);
      expect(ids(found)).to.deep.equal(ids([byPhone, byMobile, byWhatsapp]));
      expect(found[0]).to.deep.equal(byPhone);
      expect(await clients.findByPhoneDigits(team, variants, 2)).to.have.length(2);
      expect(await clients.findByPhoneDigits(team, [], 10)).to.deep.equal([]);
    });
  });

  describe('leads and identities', () => {
    it('finds the identities with the phone key or the email key', async () => {
      const identities = get<ContactIdentityRepository>(PROJECT_TOKENS.ContactIdentityRepository);
      const byPhone = IdentityMother.create({ teamId: team.teamId, phoneKey: '5511987654321' });
      const byEmail = IdentityMother.create({ teamId: team.teamId, emailKey: 'maria@exemplo.com.br' });
      const neither = IdentityMother.create({ teamId: team.teamId, phoneKey: '5511900000000' });
      const otherTeam = IdentityMother.create({ teamId: other.teamId, phoneKey: '5511987654321' });
      for (const i of [byPhone, byEmail, neither, otherTeam]) await identities.insert(i);

      const keys = { phoneKey: '5511987654321', emailKey: 'maria@exemplo.com.br' };
      expect(ids(await identities.listByContact(team, keys))).to.deep.equal(ids([byPhone, byEmail]));
      expect(ids(await identities.listByContact(team, { phoneKey: null, emailKey: 'maria@exemplo.com.br' }))).to.deep.equal([byEmail.id]);
      expect(await identities.listByContact(team, { phoneKey: null, emailKey: null })).to.deep.equal([]);
    });

    it('finds the leads of every project by phone key, email key or identity, with their identity', async () => {
      const leads = referencedRows(env()).leads(get<LeadRepository>(PROJECT_TOKENS.LeadRepository));
      const identities = get<ContactIdentityRepository>(PROJECT_TOKENS.ContactIdentityRepository);
      const person = IdentityMother.create({ teamId: team.teamId });
      const stranger = IdentityMother.create({ teamId: team.teamId });
      for (const i of [person, stranger]) await identities.insert(i);
      const [p1, p2, p3] = [id(), id(), id()];
      const lead = (over: Parameters<typeof LeadMother.create>[0]) =>
        LeadMother.create({ teamId: team.teamId, contactIdentityId: stranger.id, publicId: `pl${++seq}`, ...over });
      const byPhone = lead({ projectId: p1, phone: '+5511987654321', phoneKey: '5511987654321' });
      const byEmail = lead({ projectId: p2, email: 'Maria@Exemplo.com.br', emailKey: 'maria@exemplo.com.br', isActive: false });
      const byIdentity = lead({ projectId: p3, contactIdentityId: person.id });
      const neither = lead({ projectId: p1, phone: '+5511900000000', phoneKey: '5511900000000' });
      for (const l of [byPhone, byEmail, byIdentity, neither]) await leads.insert(l);
      await leads.insert(
        LeadMother.create({ teamId: other.teamId, projectId: projectUuid(), contactIdentityId: id(), phoneKey: '5511987654321' }),
      );

      const holders = { phoneKey: '5511987654321', emailKey: 'maria@exemplo.com.br', identityIds: [person.id] };
      const found = await leads.listHolders(team, holders, 10);
      expect(ids(found)).to.deep.equal(ids([byPhone, byEmail, byIdentity]));
      expect(found[2].identity.id).to.equal(person.id);
      expect(await leads.listHolders(team, holders, 1)).to.have.length(1);
      expect(await leads.listHolders(team, { phoneKey: null, emailKey: null, identityIds: [] }, 10)).to.deep.equal([]);
    });
  });

  describe('deals', () => {
    it('finds the deals by id, client, main lead, contact e-mail or contact phone', async () => {
      const refs = referencedRows(env());
      const deals = refs.deals(get<DealRepository>(DEAL_TOKENS.DealRepository));
      const [clientId, leadId] = [id(), id()];
      await get<ClientRepository>(CLIENT_TOKENS.ClientRepository).insert(
        ClientMother.create({ teamId: team.teamId, id: clientId, name: 'Maria' }),
      );
      const mk = (over: Parameters<typeof DealRecordMother.global>[0]) =>
        DealRecordMother.global({ teamId: team.teamId, id: id(), ...over });
      const byId = mk({});
      const byClient = mk({ clientId });
      const byLead = DealRecordMother.project({ teamId: team.teamId, id: id(), projectId: id(), pipelineId: id(), leadId });
      const byEmail = DealRecordMother.project({
        teamId: team.teamId,
        id: id(),
        projectId: id(),
        pipelineId: id(),
        leadId: id(),
        contactEmail: ' Maria@Exemplo.com.br',
      });
      const byPhone = DealRecordMother.project({
        teamId: team.teamId,
        id: id(),
        projectId: id(),
        pipelineId: id(),
        leadId: id(),
        contactPhone: '+551187654321',
      });
      const neither = mk({ contactEmail: 'ana@exemplo.com.br' });
      for (const d of [byId, byClient, byLead, byEmail, byPhone, neither]) await deals.insert(d);
      await deals.insert(DealRecordMother.global({ teamId: other.teamId, id: id(), clientId: id() }));

      const holders = {
        ids: [byId.id],
        clientIds: [clientId],
        leadIds: [leadId],
        contactEmail: 'maria@exemplo.com.br',
        contactPhones: ['+5511987654321', '+551187654321'],
      };
      const found = await deals.listHolders(team, holders, 10);
      expect(found.map((v) => v.deal.id)).to.deep.equal(ids([byId, byClient, byLead, byEmail, byPhone]));
      expect(found[1].client).to.deep.equal({ id: clientId, name: 'Maria' });
      expect(found[0].deal).to.deep.equal(byId);
      expect(await deals.listHolders(team, holders, 2)).to.have.length(2);
      expect(await deals.listHolders(other, holders, 10)).to.deep.equal([]);
      expect(
        await deals.listHolders(team, { ids: [], clientIds: [], leadIds: [], contactEmail: null, contactPhones: [] }, 10),
      ).to.deep.equal([]);
    });

    it('finds the links of the leads to any deal', async () => {
      const links = referencedRows(env()).dealContacts(get<DealContactRepository>(DEAL_TOKENS.DealContactRepository));
      const [leadId, otherLead, deal1, deal2] = [id(), id(), id(), id()];
      const link = (dealId: string, lead: string, n: number) => ({
        id: id(),
        teamId: team.teamId,
        dealId,
        leadId: lead,
        contactIdentityId: id(),
        isPrimary: n === 1,
        position: n,
        linkedAt: at(n).toISOString(),
      });
      const first = link(deal1, leadId, 1);
      const second = link(deal2, leadId, 2);
      for (const l of [second, first, link(deal1, otherLead, 3)]) await links.insert(l);

      expect(await links.listByLeads(team, [leadId], 10)).to.deep.equal([first, second]);
      expect(await links.listByLeads(team, [leadId], 1)).to.deep.equal([first]);
      expect(await links.listByLeads(other, [leadId], 10)).to.deep.equal([]);
      expect(await links.listByLeads(team, [], 10)).to.deep.equal([]);
    });
  });

  describe('WhatsApp', () => {
    it('finds the contacts of the phone key or of the clients, their conversations and every message', async () => {
      const contacts = referencedRows(env()).whatsappContacts(get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository));
      const inboxes = get<InboxRepository>(WHATSAPP_TOKENS.InboxRepository);
      const conversations = get<ConversationRepository>(WHATSAPP_TOKENS.ConversationRepository);
      const messages = get<MessageRepository>(WHATSAPP_TOKENS.MessageRepository);
      const clientId = id();
      const byPhone = Contact.create(id(), team.teamId, PhoneNumber.parse('+55 11 8765-4321'), {}, at(1)).snapshot();
      const byClient = Contact.create(id(), team.teamId, PhoneNumber.parse('+55 21 99876-5432'), { clientId }, at(2)).snapshot();
      const stranger = Contact.create(id(), team.teamId, PhoneNumber.parse('+55 31 99876-5432'), {}, at(3)).snapshot();
      for (const c of [byPhone, byClient, stranger]) await contacts.insert(c);
      await contacts.insert(Contact.create(id(), other.teamId, PhoneNumber.parse('+55 11 98765-4321'), {}, at(1)).snapshot());

      const key = PhoneNumber.parse('(11) 98765-4321').canonical;
      expect(ids(await contacts.listHolders(team, { phoneKey: key, clientIds: [clientId] }, 10))).to.deep.equal(ids([byPhone, byClient]));
      expect(ids(await contacts.listHolders(team, { phoneKey: key, clientIds: [] }, 10))).to.deep.equal([byPhone.id]);
      expect(await contacts.listHolders(team, { phoneKey: null, clientIds: [] }, 10)).to.deep.equal([]);

      const inbox = Inbox.create(id(), team.teamId, { name: 'Inbox', channel: 'sandbox' }, at(1)).snapshot();
      const second = Inbox.create(id(), team.teamId, { name: 'Inbox 2', channel: 'sandbox' }, at(1)).snapshot();
      for (const i of [inbox, second]) await inboxes.insert(i);
      const c1 = Conversation.open(id(), team.teamId, inbox, byPhone.id, at(4)).snapshot();
      const c2 = Conversation.open(id(), team.teamId, second, byPhone.id, at(5)).snapshot();
      const c3 = Conversation.open(id(), team.teamId, inbox, stranger.id, at(6)).snapshot();
      for (const c of [c2, c1, c3]) await conversations.insert(c);
      expect(ids(await conversations.listByContacts(team, [byPhone.id], 10))).to.deep.equal([c1.id, c2.id]);
      expect(await conversations.listByContacts(team, [byPhone.id], 1)).to.have.length(1);
      expect(await conversations.listByContacts(other, [byPhone.id], 10)).to.deep.equal([]);

      const m1 = Message.inbound(id(), team.teamId, c1, inboundText('Oi'), 'wamid.p1', at(7), at(7)).snapshot();
      const m2 = Message.outbound(id(), team.teamId, c2, 'Olá', at(8)).snapshot();
      const m3 = Message.inbound(id(), team.teamId, c3, inboundText('Outro'), 'wamid.p3', at(9), at(9)).snapshot();
      for (const m of [m2, m1, m3]) await messages.insert(m);
      const found = await messages.listByConversations(team, [c1.id, c2.id], 10);
      expect(ids(found)).to.deep.equal([m1.id, m2.id]);
      expect(found[0]).to.deep.equal(m1);
      expect(await messages.listByConversations(team, [c1.id, c2.id], 1)).to.have.length(1);
      expect(await messages.listByConversations(other, [c1.id], 10)).to.deep.equal([]);
    });
  });

  describe('InboundDeliveryRepository.listHoldingPerson', () => {
    const delivery = (teamId: string, rawBody: string | null, n: number, contentType = 'application/json'): InboundDeliveryData => ({
      id: id(),
      teamId,
      webhookId: id(),
      action: 'create_lead',
      payload: null,
      rawBody,
      contentType,
      bodyError: null,
      idempotencyKey: null,
      status: 'succeeded',
      entityId: null,
      entityIds: [],
      entityType: null,
      warnings: [],
      error: null,
      failure: null,
      attempts: 1,
      receivedAt: at(n).toISOString(),
      processedAt: at(n).toISOString(),
    });

    it('finds the bodies holding an identifier as posted, and not those holding only something like it', async () => {
      const deliveries = get<InboundDeliveryRepository>(WEBHOOK_TOKENS.InboundDeliveryRepository);
      const person = parsePersonIdentifiers({ email: 'maria_silva@exemplo.com.br', phone: '(11) 98765-4321', cpf: '123.456.789-09' });
      const json = delivery(team.teamId, JSON.stringify({ name: 'Maria', phone: '+55 (11) 98765-4321' }), 1);
      const form = delivery(team.teamId, 'name=Maria&email=Maria_Silva%40exemplo.com.br', 2, 'application/x-www-form-urlencoded');
      const cpf = delivery(team.teamId, JSON.stringify({ doc: '123.456.789-09' }), 3);
      const oldNumber = delivery(team.teamId, JSON.stringify({ whatsapp: '1187654321' }), 4);
      const lookalikes = [
        delivery(team.teamId, JSON.stringify({ phone: '(11) 98765-4329', ref: '8765 and 4321' }), 5),
        delivery(team.teamId, JSON.stringify({ email: 'mariaxsilva@exemplo.com.br' }), 6),
        delivery(team.teamId, JSON.stringify({ email: 'ana.maria_silva@exemplo.com.br' }), 7),
        delivery(team.teamId, null, 8),
      ];
      for (const d of [oldNumber, cpf, ...lookalikes, form, json]) await deliveries.insert(d);
      await deliveries.insert(delivery(other.teamId, JSON.stringify({ cpf: '12345678909' }), 1));

      const found = await deliveries.listHoldingPerson(team, person, 10);
      expect(ids(found)).to.deep.equal(ids([json, form, cpf, oldNumber]));
      expect(found[1]).to.deep.equal(form);
      expect(ids(await deliveries.listHoldingPerson(team, person, 2))).to.deep.equal(ids([json, form]));
      expect(await deliveries.listHoldingPerson(other, parsePersonIdentifiers({ email: 'maria_silva@exemplo.com.br' }), 10)).to.deep.equal(
        [],
      );
    });
  });

  describe('ActivityRepository.listByRecords', () => {
    it('finds the activities of the clients or of the deals', async () => {
      const activities = referencedRows(env()).activities(get<ActivityRepository>(ACTIVITY_TOKENS.ActivityRepository));
      const [clientId, dealId] = [id(), id()];
      const ofClient = ActivityMother.create({ id: id(), teamId: team.teamId, clientId });
      const ofDeal = ActivityMother.create({ id: id(), teamId: team.teamId, dealId });
      const neither = ActivityMother.create({ id: id(), teamId: team.teamId, clientId: id() });
      for (const a of [ofClient, ofDeal, neither]) await activities.insert(a);

      const records = { clientIds: [clientId], dealIds: [dealId] };
      const found = await activities.listByRecords(team, records, 10);
      expect(ids(found)).to.deep.equal(ids([ofClient, ofDeal]));
      expect(found[0]).to.deep.equal(ofClient);
      expect(await activities.listByRecords(team, records, 1)).to.have.length(1);
      expect(await activities.listByRecords(other, records, 10)).to.deep.equal([]);
      expect(await activities.listByRecords(team, { clientIds: [], dealIds: [] }, 10)).to.deep.equal([]);
    });
  });

  describe('EventOutbox.listBySubjects', () => {
    it('finds the events about any of the records, oldest first, across many subjects', async () => {
      const outbox = get<EventOutbox>(EVENT_TOKENS.EventOutbox);
      const [a, b] = [id(), id()];
      const first = EventMother.pending(team.teamId, a, { createdAt: at(1).toISOString() });
      const second = EventMother.pending(team.teamId, b, { createdAt: at(2).toISOString() });
      const third = EventMother.pending(team.teamId, a, { createdAt: at(3).toISOString(), type: 'deal.updated' });
      for (const e of [third, first, second, EventMother.pending(team.teamId, id()), EventMother.pending(other.teamId, a)])
        await outbox.add(e);

      // More subjects than one statement binds: the ones asked for are spread among them.
      const many = [...Array.from({ length: 1200 }, () => id()), a, ...Array.from({ length: 600 }, () => id()), b];
      const found = await outbox.listBySubjects(team, many, 10);
      expect(ids(found)).to.deep.equal(ids([first, second, third]));
      expect(found[0]).to.deep.equal(first);
      expect(ids(await outbox.listBySubjects(team, many, 2))).to.deep.equal(ids([first, second]));
      expect(await outbox.listBySubjects(team, [], 10)).to.deep.equal([]);
    });
  });
});
