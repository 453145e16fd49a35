// The spread helper itself: each record it reports is there, and FindPerson finds the person in each from
// any one identifier, the second person apart.
import { expect } from 'chai';
import { FindPerson } from '../../../application/privacy/find-person';
import { parsePersonIdentifiers } from '../../../domain/privacy/person-identifiers';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { JOAO, MARIA, spreadPerson } from '../../support/person-spread';

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id).sort();

forEachHttpBackend(
  'Person spread',
  (env) => {
    it('spreads a person so that each identifier alone finds every record of theirs', async () => {
      const team = await env().team();
      const maria = await spreadPerson(env(), team, MARIA);
      const joao = await spreadPerson(env(), team, JOAO);
      const find = env().runtime.container.get(FindPerson);

      for (const given of [
        { cpf: MARIA.cpf, phone: MARIA.phone },
        { phone: `+${MARIA.whatsapp}`, cpf: MARIA.cpf, email: MARIA.email },
      ]) {
        const found = await find.execute(team, parsePersonIdentifiers(given));
        expect(ids(found.clients)).to.deep.equal([maria.clientId]);
        expect(ids(found.leads)).to.deep.equal([maria.leadId]);
        expect(ids(found.identities)).to.deep.equal([maria.identityId]);
        expect(ids(found.deals.map((d) => d.deal))).to.deep.equal([maria.projectDealId, maria.globalDealId].sort());
        expect(ids(found.whatsappContacts)).to.deep.equal([maria.contactId]);
        expect(ids(found.conversations)).to.deep.equal([maria.conversationId]);
        expect(ids(found.messages)).to.deep.equal([maria.messageId]);
        expect(ids(found.inboundDeliveries)).to.deep.equal([maria.deliveryId]);
        expect(ids(found.activities)).to.deep.equal([maria.activityId]);
        const subjects = new Set(found.events.map((e) => e.subjectId));
        for (const id of [maria.clientId, maria.leadId, maria.projectDealId, maria.globalDealId, maria.activityId, maria.messageId]) {
          expect(subjects.has(id), `an event about ${id}`).to.equal(true);
        }
        for (const id of Object.values(joao)) expect(subjects.has(id)).to.equal(false);
      }

      // Each identifier alone reaches the person's records through the ones it names.
      const byEmail = await find.execute(team, parsePersonIdentifiers({ email: MARIA.email.toUpperCase() }));
      expect(ids(byEmail.clients)).to.deep.equal([maria.clientId]);
      expect(ids(byEmail.inboundDeliveries)).to.deep.equal([maria.deliveryId]);
      const byPhone = await find.execute(team, parsePersonIdentifiers({ phone: MARIA.phone }));
      expect(ids(byPhone.whatsappContacts)).to.deep.equal([maria.contactId]);
      expect(ids(byPhone.clients)).to.deep.equal([maria.clientId]);
    });
  },
  backendNames(),
);
