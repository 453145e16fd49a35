// Phones as people paste them (issue: inbound traffic as real providers send it): the one phone value
// object reads them the same for WhatsApp contacts and project leads, on every backend.
import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';

/** What a person pastes, and the digits stored. */
const TYPED: Array<[string, string, string]> = [
  ['copied from WhatsApp Desktop', '\u202a+55 11 98765-4321\u202c', '5511987654321'],
  ['with a non-breaking hyphen', '(21) 99876\u20114321', '5521998764321'],
  ['with no-break spaces', '+55\u00a031\u00a09\u00a08765\u00a04321', '5531987654321'],
  ['in the 0xx notation', '(0xx41) 99123-4567', '5541991234567'],
  ['with an extension', '(11) 3333-4444 ramal 12', '551133334444'],
];

forEachHttpBackend(
  'Phones as people type them',
  (env) => {
    for (const [label, typed, digits] of TYPED) {
      it(`a WhatsApp contact ${label}`, async () => {
        const t = await env().team();
        const res = await env().request.post('/api/v1/whatsapp/contacts').set(t.auth).send({ phone: typed });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        expect(res.body.data.phone).to.equal(digits);
      });

      it(`a project lead ${label}`, async () => {
        const t = await env().team();
        const project = (await env().request.post('/api/v1/projects').set(t.auth).send({ name: 'Telefones' })).body.data.id as string;
        const res = await env()
          .request.post(`/api/v1/projects/${project}/leads`)
          .set(t.auth)
          .send({ full_name: 'João Araújo', phone: typed });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        expect(res.body.data.phone).to.equal(`+${digits}`);
      });
    }

    it('still refuses a phone with letters in it, naming the field', async () => {
      const t = await env().team();
      const res = await env().request.post('/api/v1/whatsapp/contacts').set(t.auth).send({ phone: '11 9ABC-4321' });
      expect(res.status).to.equal(400);
      expect(res.body.error.details).to.deep.include({ field: 'phone' });
    });
  },
  backendNames(),
);
