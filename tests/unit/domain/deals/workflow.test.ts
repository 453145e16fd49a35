import { expect } from 'chai';
import { EVENT_TYPES } from '../../../../domain/events/event';
import { Workflow, workflowEventOf, workflowRun } from '../../../../domain/deals/workflow';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { NOW, TEAM_ID } from './deal-mother';

const PROJECT = '0190a000-0000-7000-8000-0000000000aa';

describe('Workflow', () => {
  it('creates an active workflow for a deal event and action', () => {
    const w = Workflow.create(
      'wf-1',
      TEAM_ID,
      { event: 'deal_created', action: 'create_activity', config: { title: 'Call', type: 'call' } },
      NOW,
    );
    expect(w.snapshot()).to.deep.include({
      id: 'wf-1',
      teamId: TEAM_ID,
      event: 'deal_created',
      action: 'create_activity',
      isActive: true,
      config: { title: 'Call', type: 'call' },
    });
    expect(w.handles('deal_created')).to.equal(true);
    expect(w.handles('deal_stage_changed')).to.equal(false);
  });

  it('refuses an unknown event or action', () => {
    expect(() => Workflow.create('w', TEAM_ID, { event: 'deal_won', action: 'create_task', config: { title: 't' } }, NOW)).to.throw(
      ValidationFailed,
      /event/,
    );
    // A workflow keeps its own event names: the log's public names are not workflow events.
    expect(() => Workflow.create('w', TEAM_ID, { event: 'deal.created', action: 'create_task', config: { title: 't' } }, NOW)).to.throw(
      ValidationFailed,
      /event/,
    );
    expect(() => Workflow.create('w', TEAM_ID, { event: 'deal_created', action: 'send_email', config: { title: 't' } }, NOW)).to.throw(
      ValidationFailed,
      /action/,
    );
  });

  it('requires a config object with a title', () => {
    for (const config of [null, [], 'x', {}, { title: ' ' }]) {
      expect(() => Workflow.create('w', TEAM_ID, { event: 'deal_created', action: 'create_task', config }, NOW)).to.throw(ValidationFailed);
    }
  });

  it('checks the activity type and the task priority and project', () => {
    const make = (action: string, config: unknown) => () =>
      Workflow.create('w', TEAM_ID, { event: 'deal_stage_changed', action, config }, NOW);
    expect(make('create_activity', { title: 't', type: 'party' })).to.throw(ValidationFailed, /type/);
    expect(make('create_task', { title: 't', priority: 'alta' })).to.throw(ValidationFailed, /priority/);
    expect(make('create_task', { title: 't', project_id: 'nope' })).to.throw(ValidationFailed, /project_id/);
    expect(make('create_task', { title: 't', description: 3 })).to.throw(ValidationFailed, /description/);
  });

  it('keeps only the known config keys', () => {
    const w = Workflow.create(
      'w',
      TEAM_ID,
      {
        event: 'deal_created',
        action: 'create_task',
        config: { title: ' Follow up ', priority: 'high', project_id: PROJECT, description: 'd', extra: 1 },
      },
      NOW,
    );
    expect(w.snapshot().config).to.deep.equal({ title: 'Follow up', priority: 'high', project_id: PROJECT, description: 'd' });
  });

  it("runs on the log's deal.created and deal.stage_changed only, under its own names", () => {
    expect(workflowEventOf('deal.created')).to.equal('deal_created');
    expect(workflowEventOf('deal.stage_changed')).to.equal('deal_stage_changed');
    const others = EVENT_TYPES.filter((t) => t !== 'deal.created' && t !== 'deal.stage_changed');
    expect(others.map(workflowEventOf)).to.deep.equal(others.map(() => null));
  });

  it('records a run as succeeded or failed with its error', () => {
    const w = Workflow.create('wf-1', TEAM_ID, { event: 'deal_created', action: 'create_task', config: { title: 't' } }, NOW).snapshot();
    const ev = { id: 'ev-1', type: 'deal_created' as const, dealId: 'deal-1' };
    expect(workflowRun('r1', w, ev, { error: null }, NOW)).to.deep.equal({
      id: 'r1',
      teamId: TEAM_ID,
      workflowId: 'wf-1',
      eventId: 'ev-1',
      event: 'deal_created',
      entityId: 'deal-1',
      status: 'succeeded',
      error: null,
      createdAt: NOW.toISOString(),
    });
    expect(workflowRun('r2', w, ev, { error: 'no project' }, NOW)).to.include({ status: 'failed', error: 'no project' });
  });
});
