import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EventLog } from '../../../../application/events/event-log';
import { DealView } from '../../../../domain/deals/deal-repository';
import { DealMother } from '../../domain/deals/deal-mother';
import { FakeEventObjects, FakeOutbox, SequenceIds } from '../deals/fakes';

const ROOT = join(__dirname, '..', '..', '..', '..');
const TEAM = { teamId: '0190b000-0000-7000-8000-0000000000aa' };
const NOW = new Date('2026-05-01T10:00:00.000Z');

/** The product's TypeScript files under `dir`, relative to the root. */
const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });

const logOf = (outbox = new FakeOutbox()) => new EventLog(outbox, new SequenceIds(), new FakeEventObjects());

/** A deal as a use case reads it, and the same deal after a change of phase and title. */
const views = (): { before: DealView; after: DealView } => {
  const deal = DealMother.create({ phase: 'lead', title: 'Site' }).snapshot();
  const before: DealView = { deal, client: null };
  const after: DealView = { deal: { ...deal, phase: 'proposta', title: 'Site novo', updatedAt: NOW.toISOString() }, client: null };
  return { before, after };
};

describe('EventLog', () => {
  it('drafts an event about a record with the record in its API shape', () => {
    const { before } = views();
    const draft = logOf().draft('deal.created', 'deal', before.deal.id, before);
    expect(draft).to.deep.equal({
      type: 'deal.created',
      subjectId: before.deal.id,
      payload: { object: new FakeEventObjects().deal(before) },
    });
  });

  it('drafts a change with the previous values of the fields that changed, updated_at aside', () => {
    const { before, after } = views();
    const draft = logOf().draft('deal.stage_changed', 'deal', after.deal.id, after, before);
    expect(draft.payload).to.deep.equal({
      object: new FakeEventObjects().deal(after),
      previous: { phase: 'lead', title: 'Site' },
    });
  });

  it('appends each draft as a pending event of the team, with an id of its own and the given time, in order', async () => {
    const outbox = new FakeOutbox();
    const log = logOf(outbox);
    const { before, after } = views();
    const id = before.deal.id;
    const written = await log.append(
      TEAM,
      [log.draft('deal.created', 'deal', id, before), log.draft('deal.stage_changed', 'deal', id, after, before)],
      NOW,
    );
    expect(written.map((e) => [e.type, e.subjectId, e.teamId, e.status, e.attempts, e.createdAt, e.availableAt])).to.deep.equal([
      ['deal.created', id, TEAM.teamId, 'pending', 0, NOW.toISOString(), NOW.toISOString()],
      ['deal.stage_changed', id, TEAM.teamId, 'pending', 0, NOW.toISOString(), NOW.toISOString()],
    ]);
    expect(written[1].data.previous).to.deep.equal({ phase: 'lead', title: 'Site' });
    expect(new Set(written.map((e) => e.id)).size).to.equal(2);
    expect([...outbox.rows.values()]).to.deep.equal(written);
    expect(await log.append(TEAM, [], NOW)).to.deep.equal([]);
  });

  it('stamps drafts as append does, without writing them: a new deal hands them to DealRepository.insert', () => {
    const outbox = new FakeOutbox();
    const log = logOf(outbox);
    const { before } = views();
    const stamped = log.stamp(TEAM, [log.draft('deal.created', 'deal', before.deal.id, before)], NOW);
    expect(stamped.map((e) => [e.type, e.subjectId, e.teamId, e.status, e.createdAt])).to.deep.equal([
      ['deal.created', before.deal.id, TEAM.teamId, 'pending', NOW.toISOString()],
    ]);
    expect(stamped[0].data).to.deep.equal({ object: new FakeEventObjects().deal(before) });
    expect(outbox.rows.size).to.equal(0);
  });

  it('is the only product code that writes to the outbox: use cases append through it', () => {
    const writers = ['domain', 'application', 'adapters', 'bootstrap']
      .flatMap(sources)
      .filter((path) => /\boutbox\.add(All)?\(/.test(readFileSync(join(ROOT, path), 'utf8')))
      .map((path) => relative(ROOT, join(ROOT, path)));
    expect(writers).to.deep.equal([join('application', 'events', 'event-log.ts')]);
  });
});
