import { expect } from 'chai';
import { ProjectArchived, ValidationFailed } from '../../../../domain/shared/errors';
import { Project, PROJECT_PRIORITY_RANK } from '../../../../domain/projects/project';
import { defaultStages } from '../../../../domain/projects/stage';

const now = new Date('2026-01-02T03:04:05.000Z');
const later = new Date('2026-01-03T00:00:00.000Z');
const [backlog, active] = defaultStages(['s1', 's2', 's3', 's4', 's5'], 'team-1', now);

const newProject = (overrides: Partial<Parameters<typeof Project.create>[2]> = {}) =>
  Project.create('p1', 'team-1', { name: '  Site novo ', slug: 'site-novo', ...overrides }, backlog, now);

describe('Project', () => {
  it('starts with medium priority, in the given stage, not internal and not archived', () => {
    const p = newProject().snapshot();
    expect(p).to.include({
      name: 'Site novo',
      slug: 'site-novo',
      priority: 'medium',
      stageId: 's1',
      isInternal: false,
      archivedAt: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
  });

  it('refuses an empty name, a bad date and an unknown priority', () => {
    expect(() => newProject({ name: '  ' })).to.throw(ValidationFailed);
    expect(() => newProject({ dueDate: '2026-02-30' }))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'due_date');
    expect(() => newProject({ priority: 'huge' as never }))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'priority');
  });

  it('normalizes completed_at to a UTC timestamp', () => {
    const p = newProject({ completedAt: '2026-01-05T10:00:00-03:00' }).snapshot();
    expect(p.completedAt).to.equal('2026-01-05T13:00:00.000Z');
  });

  it('updates only the fields given and moves to a new stage', () => {
    const p = newProject({ description: 'd', color: '#fff' });
    p.update({ color: null, priority: 'urgent' }, active, later);
    const s = p.snapshot();
    expect(s).to.include({ description: 'd', color: null, priority: 'urgent', stageId: 's2', updatedAt: later.toISOString() });
  });

  it('keeps the stage when an update names none', () => {
    const p = newProject();
    p.update({ name: 'Outro' }, null, later);
    expect(p.snapshot()).to.include({ name: 'Outro', stageId: 's1' });
  });

  it('locks an archived project against any change', () => {
    const p = newProject();
    p.archive(later);
    expect(p.snapshot().archivedAt).to.equal(later.toISOString());
    expect(() => p.update({ name: 'x' }, null, later))
      .to.throw(ProjectArchived)
      .with.property('code', 'PROJECT_ARCHIVED');
    expect(() => p.assertWritable()).to.throw(ProjectArchived);
    expect(p.snapshot().name).to.equal('Site novo');
  });

  it('keeps the first archive date when archived twice', () => {
    const p = newProject();
    p.archive(now);
    p.archive(later);
    expect(p.snapshot().archivedAt).to.equal(now.toISOString());
  });

  it('ranks priorities from low to urgent', () => {
    expect(PROJECT_PRIORITY_RANK.low).to.be.below(PROJECT_PRIORITY_RANK.medium);
    expect(PROJECT_PRIORITY_RANK.high).to.be.below(PROJECT_PRIORITY_RANK.urgent);
  });
});
