import { expect } from 'chai';
import { CreateContact } from '../../../../application/whatsapp/create-contact';
import { DeleteContact } from '../../../../application/whatsapp/delete-contact';
import { GetContact } from '../../../../application/whatsapp/get-contact';
import { UpdateContact } from '../../../../application/whatsapp/update-contact';
import { presentContact } from '../../../../adapters/http/whatsapp/present-whatsapp';
import { Client } from '../../../../domain/clients/client';
import { EventData } from '../../../../domain/events/event';
import { Conversation } from '../../../../domain/whatsapp/conversation';
import { errorOf, world } from './whatsapp-world';

describe('WhatsApp contact use cases', () => {
  let w: ReturnType<typeof world>;
  let create: CreateContact;
  beforeEach(() => {
    w = world();
    create = w.createContact();
  });

  describe('CreateContact', () => {
    it('creates a contact with the normalized phone', async () => {
      const { contact, reused } = await create.execute(w.team, { phone: '(11) 98765-4321', customName: 'Ana', tags: ['vip'] });
      expect(reused).to.equal(false);
      expect(contact).to.include({ phone: '5511987654321', jid: '5511987654321@s.whatsapp.net', customName: 'Ana' });
      expect(await w.contacts.findById(w.team, contact.id)).to.deep.equal(contact);
    });

    it('returns the existing contact with reused when a Brazilian variant exists', async () => {
      const first = await create.execute(w.team, { phone: '5511987654321' });
      const again = await create.execute(w.team, { phone: '551187654321', customName: 'ignored' });
      expect(again.reused).to.equal(true);
      expect(again.contact).to.deep.equal(first.contact);
      expect((await w.contacts.list(w.team, {}, { page: 1, limit: 10, sort: { field: 'created_at', descending: true } })).total).to.equal(
        1,
      );
    });

    it('writes whatsapp.contact.created for a new contact only, and wakes the dispatcher after it', async () => {
      const { contact } = await create.execute(w.team, { phone: '(11) 98765-4321', customName: 'Ana' });
      await create.execute(w.team, { phone: '551187654321' });
      const events = w.store.table<EventData>('events').all();
      expect(events.map((e) => [e.type, e.subjectId, e.teamId])).to.deep.equal([['whatsapp.contact.created', contact.id, w.team.teamId]]);
      expect(events[0].data).to.deep.equal({ object: presentContact(contact) });
      expect(w.trigger.kicks).to.equal(1);
    });

    it('keeps teams apart: the same number is a new contact in another team', async () => {
      await create.execute(w.team, { phone: '5511987654321' });
      expect((await create.execute(w.otherTeam, { phone: '5511987654321' })).reused).to.equal(false);
    });

    it('refuses an invalid phone with field phone', async () => {
      expect(await errorOf(create.execute(w.team, { phone: '12345' }))).to.deep.include({
        code: 'VALIDATION_ERROR',
        details: { field: 'phone' },
      });
    });

    it('requires client_id to be a client of the team', async () => {
      const mine = Client.create(w.ids.next(), w.team.teamId, 'PF', { name: 'Ana' }, w.clock.now()).snapshot();
      const theirs = Client.create(w.ids.next(), w.otherTeam.teamId, 'PF', { name: 'Bia' }, w.clock.now()).snapshot();
      await w.clients.insert(mine);
      await w.clients.insert(theirs);
      expect((await create.execute(w.team, { phone: '11987654321', clientId: mine.id })).contact.clientId).to.equal(mine.id);
      expect(await errorOf(create.execute(w.team, { phone: '11987654322', clientId: theirs.id }))).to.deep.include({
        code: 'NOT_FOUND',
        details: { field: 'client_id' },
      });
      expect(await errorOf(create.execute(w.team, { phone: '11987654322', clientId: 'x' }))).to.deep.include({
        code: 'VALIDATION_ERROR',
        details: { field: 'client_id' },
      });
    });
  });

  describe('GetContact and UpdateContact', () => {
    it('hides another team contact and a malformed id behind 404', async () => {
      const { contact } = await create.execute(w.team, { phone: '11987654321' });
      const get = new GetContact(w.contacts);
      expect((await get.execute(w.team, { id: contact.id })).id).to.equal(contact.id);
      expect((await errorOf(get.execute(w.otherTeam, { id: contact.id }))).code).to.equal('NOT_FOUND');
      expect((await errorOf(get.execute(w.team, { id: 'not-a-uuid' }))).code).to.equal('NOT_FOUND');
    });

    it('updates the allowed fields and ignores phone', async () => {
      const { contact } = await create.execute(w.team, { phone: '11987654321' });
      w.advance(1);
      const update = new UpdateContact(w.uow, w.contacts, w.clients, w.clock);
      const updated = await update.execute(w.team, { id: contact.id, changes: { notes: 'n', phone: '5521987654321' } as never });
      expect(updated).to.include({ notes: 'n', phone: '5511987654321', updatedAt: w.clock.now().toISOString() });
      expect(await errorOf(update.execute(w.team, { id: contact.id, changes: { phone: '5521987654321' } as never }))).to.deep.include({
        code: 'VALIDATION_ERROR',
      });
    });
  });

  describe('DeleteContact', () => {
    it('deletes a contact without conversations for good', async () => {
      const { contact } = await create.execute(w.team, { phone: '11987654321' });
      expect(await new DeleteContact(w.uow, w.contacts, w.conversations).execute(w.team, { id: contact.id })).to.deep.equal({
        id: contact.id,
        deleted: true,
      });
      expect(await w.contacts.findById(w.team, contact.id)).to.equal(null);
    });

    it('refuses with 409 CONFLICT while conversations are linked', async () => {
      const { contact } = await create.execute(w.team, { phone: '11987654321' });
      const inbox = await w.inbox({ channel: 'sandbox' });
      await w.conversations.insert(Conversation.open(w.ids.next(), w.team.teamId, inbox, contact.id, w.clock.now()).snapshot());
      const error = await errorOf(new DeleteContact(w.uow, w.contacts, w.conversations).execute(w.team, { id: contact.id }));
      expect(error).to.deep.include({ kind: 'conflict', code: 'CONFLICT' });
      expect(await w.contacts.findById(w.team, contact.id)).to.not.equal(null);
    });
  });
});
