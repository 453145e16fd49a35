import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EventLog } from '../../../../application/events/event-log';
import { FakeOutbox, SequenceIds } from './fakes';

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

describe('EventLog', () => {
  it('appends each draft as a pending event of the team, with an id of its own and the given time, in order', async () => {
    const outbox = new FakeOutbox();
    const log = new EventLog(outbox, new SequenceIds());
    const written = await log.append(
      TEAM,
      [
        { type: 'deal_created', dealId: 'd1', data: { phase: 'lead' } },
        null,
        { type: 'deal_stage_changed', dealId: 'd1', data: { from_phase: 'lead', to_phase: 'proposta' } },
      ],
      NOW,
    );
    expect(written.map((e) => [e.type, e.teamId, e.status, e.attempts, e.createdAt, e.availableAt])).to.deep.equal([
      ['deal_created', TEAM.teamId, 'pending', 0, NOW.toISOString(), NOW.toISOString()],
      ['deal_stage_changed', TEAM.teamId, 'pending', 0, NOW.toISOString(), NOW.toISOString()],
    ]);
    expect(new Set(written.map((e) => e.id)).size).to.equal(2);
    expect([...outbox.rows.values()]).to.deep.equal(written);
    expect(await log.append(TEAM, [], NOW)).to.deep.equal([]);
  });

  it('stamps drafts as append does, without writing them: a new deal hands them to DealRepository.insert', () => {
    const outbox = new FakeOutbox();
    const log = new EventLog(outbox, new SequenceIds());
    const stamped = log.stamp(TEAM, [null, { type: 'deal_created', dealId: 'd2', data: { phase: 'lead' } }], NOW);
    expect(stamped.map((e) => [e.type, e.dealId, e.teamId, e.status, e.createdAt])).to.deep.equal([
      ['deal_created', 'd2', TEAM.teamId, 'pending', NOW.toISOString()],
    ]);
    expect(outbox.rows.size).to.equal(0);
  });

  it('is the only product code that writes to the outbox: use cases append through it', () => {
    const writers = ['domain', 'application', 'adapters', 'bootstrap']
      .flatMap(sources)
      .filter((path) => /\boutbox\.add\(/.test(readFileSync(join(ROOT, path), 'utf8')))
      .map((path) => relative(ROOT, join(ROOT, path)));
    expect(writers).to.deep.equal([join('application', 'deals', 'deal-event-log.ts')]);
  });
});
