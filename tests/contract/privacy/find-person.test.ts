// FindPerson over the real repositories of each backend: the records reached from the identifiers, and
// those reached from the records found (an identity's other leads, a linked deal, a contact's messages…).
import { expect } from 'chai';
import { FindPerson } from '../../../application/privacy/find-person';
import { ACTIVITY_TOKENS } from '../../../bootstrap/contexts/activities';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { WHATSAPP_TOKENS } from '../../../bootstrap/contexts/whatsapp';
import { ActivityRepository } from '../../../domain/activities/activity-repository';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { DealContactRepository } from '../../../domain/deals/deal-contact-repository';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { parsePersonIdentifiers } from '../../../domain/privacy/person-identifiers';
import { TooManyPersonRecords } from '../../../domain/privacy/person-records';
import { ContactIdentityRepository } from '../../../domain/projects/contact-identity-repository';
import { LeadRepository } from '../../../domain/projects/lead-repository';
import { PhoneNumber } from '../../../domain/shared/phone-number';
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
import { IdentityMother, LeadMother } from '../projects/mothers';

let seq = 0;
const id = () => `0190e100-0000-7000-8000-${String(++seq).padStart(12, '0')}`;
const at = (n: number) => new Date(Date.UTC(2026, 2, 2, 0, 0, n));
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

forEachBackend('FindPerson', (env) => {
  const get = <T>(token: symbol): T => env().container.get<T>(token);

  it('gathers every record of the team holding the person, and none of another person or team', async () => {
    const team = { teamId: id() };
    const other = { teamId: id() };
    const refs = referencedRows(env());
    const clients = get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const identities = get<ContactIdentityRepository>(PROJECT_TOKENS.ContactIdentityRepository);
    const leads = refs.leads(get<LeadRepository>(PROJECT_TOKENS.LeadRepository));
    const deals = refs.deals(get<DealRepository>(DEAL_TOKENS.DealRepository));
    const links = refs.dealContacts(get<DealContactRepository>(DEAL_TOKENS.DealContactRepository));
    const contacts = refs.whatsappContacts(get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository));
    const inboxes = get<InboxRepository>(WHATSAPP_TOKENS.InboxRepository);
    const conversations = get<ConversationRepository>(WHATSAPP_TOKENS.ConversationRepository);
    const messages = get<MessageRepository>(WHATSAPP_TOKENS.MessageRepository);
    const activities = refs.activities(get<ActivityRepository>(ACTIVITY_TOKENS.ActivityRepository));
    const outbox = get<EventOutbox>(EVENT_TOKENS.EventOutbox);

    // The person: a client by CPF, a lead by phone whose identity another project's lead (e-mail only) shares.
    const client = ClientMother.create({ id: id(), teamId: team.teamId, cpf: '12345678909' });
    const stranger = ClientMother.create({ id: id(), teamId: team.teamId, cpf: '52998224725' });
    const sameCpfElsewhere = ClientMother.create({ id: id(), teamId: other.teamId, cpf: '12345678909' });
    for (const c of [client, stranger, sameCpfElsewhere]) await clients.insert(c);
    const identity = IdentityMother.create({ id: id(), teamId: team.teamId, primaryPhone: '+5511987654321', phoneKey: '5511987654321' });
    await identities.insert(identity);
    const lead = LeadMother.create({
      id: id(),
      teamId: team.teamId,
      projectId: id(),
      publicId: `fp${++seq}`,
      phone: '+5511987654321',
      phoneKey: '5511987654321',
      contactIdentityId: identity.id,
    });
    const sibling = LeadMother.create({
      id: id(),
      teamId: team.teamId,
      projectId: id(),
      publicId: `fp${++seq}`,
      email: 'outra@exemplo.com.br',
      emailKey: 'outra@exemplo.com.br',
      contactIdentityId: identity.id,
    });
    for (const l of [lead, sibling]) await leads.insert(l);
    const clientDeal = DealRecordMother.global({ id: id(), teamId: team.teamId, clientId: client.id });
    const linkedDeal = DealRecordMother.project({ id: id(), teamId: team.teamId, projectId: id(), pipelineId: id(), leadId: id() });
    const strangerDeal = DealRecordMother.global({ id: id(), teamId: team.teamId, clientId: stranger.id });
    for (const d of [clientDeal, linkedDeal, strangerDeal]) await deals.insert(d);
    await links.insert({
      id: id(),
      teamId: team.teamId,
      dealId: linkedDeal.id,
      leadId: sibling.id,
      contactIdentityId: identity.id,
      isPrimary: false,
      position: 2,
      linkedAt: at(1).toISOString(),
    });
    // On WhatsApp without the ninth digit.
    const contact = Contact.create(id(), team.teamId, PhoneNumber.parse('+55 11 8765-4321'), {}, at(2)).snapshot();
    await contacts.insert(contact);
    const inbox = Inbox.create(id(), team.teamId, { name: 'Inbox', channel: 'sandbox' }, at(1)).snapshot();
    await inboxes.insert(inbox);
    const conversation = Conversation.open(id(), team.teamId, inbox, contact.id, at(3)).snapshot();
    await conversations.insert(conversation);
    const message = Message.inbound(id(), team.teamId, conversation, inboundText('Oi'), 'wamid.fp1', at(4), at(4)).snapshot();
    await messages.insert(message);
    const activity = ActivityMother.create({ id: id(), teamId: team.teamId, clientId: client.id });
    const dealActivity = ActivityMother.create({ id: id(), teamId: team.teamId, dealId: linkedDeal.id });
    const strangerActivity = ActivityMother.create({ id: id(), teamId: team.teamId, clientId: stranger.id });
    for (const a of [activity, dealActivity, strangerActivity]) await activities.insert(a);
    const clientEvent = EventMother.pending(team.teamId, client.id, { type: 'client.created', createdAt: at(5).toISOString() });
    const messageEvent = EventMother.pending(team.teamId, message.id, {
      type: 'whatsapp.message.received',
      createdAt: at(6).toISOString(),
    });
    for (const e of [clientEvent, messageEvent, EventMother.pending(team.teamId, stranger.id)]) await outbox.add(e);

    const find = env().container.get(FindPerson);
    const person = parsePersonIdentifiers({ cpf: '123.456.789-09', phone: '(11) 98765-4321' });
    const found = await find.execute(team, person);

    expect(ids(found.clients)).to.deep.equal([client.id]);
    expect(ids(found.leads)).to.have.members([lead.id, sibling.id]);
    expect(ids(found.identities)).to.deep.equal([identity.id]);
    expect(found.deals.map((d) => d.deal.id)).to.have.members([clientDeal.id, linkedDeal.id]);
    expect(found.deals.find((d) => d.deal.id === linkedDeal.id)!.contacts!.map((c) => c.leadId)).to.deep.equal([sibling.id]);
    expect(ids(found.whatsappContacts)).to.deep.equal([contact.id]);
    expect(ids(found.conversations)).to.deep.equal([conversation.id]);
    expect(ids(found.messages)).to.deep.equal([message.id]);
    expect(ids(found.activities)).to.have.members([activity.id, dealActivity.id]);
    expect(ids(found.events)).to.deep.equal([clientEvent.id, messageEvent.id]);
    expect(found.inboundDeliveries).to.deep.equal([]);

    const nobody = await find.execute(team, parsePersonIdentifiers({ email: 'ninguem@exemplo.com.br' }));
    expect(Object.values(nobody).every((rows) => rows.length === 0)).to.equal(true);
    expect(ids((await find.execute(other, person)).clients)).to.deep.equal([sameCpfElsewhere.id]);

    try {
      await find.execute(team, person, { limit: 1 });
      expect.fail('expected TooManyPersonRecords');
    } catch (err) {
      expect(err).to.be.instanceOf(TooManyPersonRecords);
      expect((err as TooManyPersonRecords).details).to.deep.equal({ kind: 'leads', limit: 1 });
    }
  });
});
