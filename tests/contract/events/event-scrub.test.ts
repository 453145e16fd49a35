import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { TOKENS } from '../../../bootstrap/tokens';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { ERASED_NAME, REMOVED_VALUE, Redaction } from '../../../domain/privacy/redaction';
import { TeamContext } from '../../../domain/shared/team';
import { forEachBackend } from '../../support/backends';
import { EventMother } from '../deals/deal-mother';

// A personal data erasure rewrites the event log (it is also the audit trail): every entry stays, with its
// type, subject, status and times; the person's values leave its data, in this team only.

const NAME = 'Joana Prado Lima';
const redaction = Redaction.of(randomUUID(), {
  names: [NAME, 'Joca'],
  emails: ['joana.prado@example.com'],
  phones: ['+55 21 99876-5432'],
  documents: ['529.982.247-25'],
});

forEachBackend('EventOutbox scrub contract', (env) => {
  const outbox = () => env().container.get<EventOutbox>(EVENT_TOKENS.EventOutbox);
  const uow = () => env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
  const newTeam = (): TeamContext => ({ teamId: randomUUID() });

  it("rewrites the events about the person's records (with the fields their anonymisation changed) and any other holding their values, and keeps every entry", async () => {
    const team = newTeam();
    const other = newTeam();
    const client = randomUUID();
    const about = EventMother.pending(team.teamId, client, {
      type: 'client.updated',
      data: {
        object: { id: client, name: NAME, email: 'joana.prado@example.com', cpf: '52998224725', status: 'active' },
        previous: { name: 'Joca', phone: '(21) 99876-5432' },
      },
    });
    const mentions = EventMother.pending(team.teamId, randomUUID(), {
      type: 'deal.updated',
      data: { object: { id: 'd', title: `Proposal for ${NAME}`, value: 900 }, previous: { description: 'mail JOANA.PRADO@example.com' } },
    });
    const unrelated = EventMother.pending(team.teamId, randomUUID(), {
      data: { object: { id: 'x', title: 'Joca and Ana', phone: '+5521912345678' } },
    });
    const otherTeams = EventMother.pending(other.teamId, client, {
      data: { object: { id: client, name: NAME, email: 'joana.prado@example.com' } },
    });
    for (const e of [about, mentions, unrelated, otherTeams]) await outbox().add(e);

    const changed = await uow().run(() => outbox().scrub(team, { [client]: { status: 'erased' } }, redaction));

    expect(changed).to.equal(2);
    const read = async (t: TeamContext, id: string) => (await outbox().findById(t, id))!;
    const a = await read(team, about.id);
    expect(a.data).to.deep.equal({
      object: { id: client, name: ERASED_NAME, email: null, cpf: null, status: 'erased' },
      previous: { name: ERASED_NAME, phone: null },
    });
    expect(a).to.deep.include({ type: 'client.updated', subjectId: client, status: 'pending', createdAt: about.createdAt });
    expect((await read(team, mentions.id)).data).to.deep.equal({
      object: { id: 'd', title: `Proposal for ${ERASED_NAME}`, value: 900 },
      previous: { description: `mail ${REMOVED_VALUE}` },
    });
    expect((await read(team, unrelated.id)).data).to.deep.equal(unrelated.data);
    expect((await read(other, otherTeams.id)).data).to.deep.equal(otherTeams.data);
    expect((await outbox().listBySubject(team, client)).map((e) => e.id)).to.deep.equal([about.id]);
  });

  it('finds nothing to change a second time', async () => {
    const team = newTeam();
    const subject = randomUUID();
    await outbox().add(EventMother.pending(team.teamId, subject, { data: { object: { id: subject, email: 'joana.prado@example.com' } } }));
    expect(await uow().run(() => outbox().scrub(team, { [subject]: {} }, redaction))).to.equal(1);
    expect(await uow().run(() => outbox().scrub(team, { [subject]: {} }, redaction))).to.equal(0);
  });
});
