import { expect } from 'chai';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import {
  defaultStages,
  firstStageOf,
  initialStage,
  PROJECT_STATUSES,
  resolveStage,
  stageIdsOf,
  StageData,
} from '../../../../domain/projects/stage';

const now = new Date('2026-01-02T03:04:05.000Z');
const ids = ['s1', 's2', 's3', 's4', 's5'];

describe('defaultStages', () => {
  it('gives five stages, one per status category, the backlog one initial', () => {
    const stages = defaultStages(ids, 'team-1', now);
    expect(stages.map((s) => s.category)).to.deep.equal([...PROJECT_STATUSES]);
    expect(stages.filter((s) => s.isInitial).map((s) => s.category)).to.deep.equal(['backlog']);
    expect(stages.map((s) => s.position)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(stages.every((s) => s.teamId === 'team-1' && s.createdAt === now.toISOString())).to.equal(true);
  });

  it('marks the completed and cancelled stages as done', () => {
    const done = defaultStages(ids, 't', now)
      .filter((s) => s.isDone)
      .map((s) => s.category);
    expect(done).to.deep.equal(['completed', 'cancelled']);
  });
});

describe('resolveStage', () => {
  const base = defaultStages(ids, 't', now);
  // A second active stage placed before the default one: `status` must pick it.
  const stages: StageData[] = [...base, { ...base[1], id: 's6', position: 0 }];

  it('takes stage_id over status', () => {
    expect(resolveStage(stages, { stageId: 's4', status: 'active' }, true).id).to.equal('s4');
  });

  it('answers 404 on stage_id for an unknown stage', () => {
    expect(() => resolveStage(stages, { stageId: 'nope' }, true))
      .to.throw(NotFound)
      .with.property('details')
      .that.deep.equals({ field: 'stage_id' });
  });

  it('resolves a status to the first stage of that category by position', () => {
    expect(resolveStage(stages, { status: 'active' }, true).id).to.equal('s6');
    expect(resolveStage(stages, { status: 'paused' }, true).id).to.equal('s3');
  });

  it('refuses a status outside the categories', () => {
    expect(() => resolveStage(stages, { status: 'archived' }, true)).to.throw(ValidationFailed);
  });

  it('uses the initial stage when neither is given on creation, and none on update', () => {
    expect(resolveStage(stages, {}, true).id).to.equal('s1');
    expect(resolveStage(stages, {}, false)).to.equal(null);
  });
});

describe('stage helpers', () => {
  const stages = defaultStages(ids, 't', now);

  it('finds the initial stage and the first of a category', () => {
    expect(initialStage(stages)!.id).to.equal('s1');
    expect(firstStageOf(stages, 'completed')!.id).to.equal('s4');
  });

  it('lists the stage ids of a status', () => {
    expect(stageIdsOf(stages, 'cancelled')).to.deep.equal(['s5']);
  });
});
