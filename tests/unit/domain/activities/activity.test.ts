import { expect } from 'chai';
import { ACTIVITY_TYPES, Activity, NewActivity } from '../../../../domain/activities/activity';
import { activitySort, activityTypeFilter, completedFilter } from '../../../../domain/activities/activity-repository';
import { ValidationFailed } from '../../../../domain/shared/errors';

const T0 = new Date('2026-01-10T10:00:00.000Z');
const T1 = new Date('2026-01-11T10:00:00.000Z');
const T2 = new Date('2026-01-12T10:00:00.000Z');
const CLIENT = '0190a0b0-0000-7000-8000-0000000000c1';
const USER = '0190a0b0-0000-7000-8000-0000000000a1';

const create = (input: Partial<NewActivity> = {}): Activity => Activity.create('a1', 'team-1', { title: 'Call back', ...input }, T0);

const expectValidation = (fn: () => unknown, field?: string): void => {
  expect(fn).to.throw(ValidationFailed);
  try {
    fn();
  } catch (e) {
    if (field) expect((e as ValidationFailed).details).to.deep.equal({ field });
  }
};

describe('Activity', () => {
  describe('create', () => {
    it('applies the defaults: type task, no description, occurred now, not completed', () => {
      const s = create().snapshot();
      expect(s).to.include({
        type: 'task',
        description: null,
        occurredAt: T0.toISOString(),
        durationMinutes: null,
        isCompleted: false,
        dueDate: null,
        priority: null,
        clientId: null,
        dealId: null,
        contractId: null,
        assignedTo: null,
        createdBy: null,
      });
      expect(s.tags).to.deep.equal([]);
    });

    it('trims the title and refuses a blank one', () => {
      expect(create({ title: '  Meet Ana  ' }).snapshot().title).to.equal('Meet Ana');
      expectValidation(() => create({ title: ' ' }), 'title');
    });

    it('accepts each of the eleven types and refuses any other', () => {
      expect(ACTIVITY_TYPES).to.have.length(11);
      for (const type of ACTIVITY_TYPES) expect(create({ type }).snapshot().type).to.equal(type);
      expectValidation(() => create({ type: 'visit' }), 'type');
    });

    it('turns a zero duration into null and keeps any other', () => {
      expect(create({ durationMinutes: 0 }).snapshot().durationMinutes).to.equal(null);
      expect(create({ durationMinutes: 45 }).snapshot().durationMinutes).to.equal(45);
      expectValidation(() => create({ durationMinutes: -5 }), 'duration_minutes');
    });

    it('normalizes occurred_at to UTC', () => {
      expect(create({ occurredAt: '2026-01-05T09:30:00-03:00' }).snapshot().occurredAt).to.equal('2026-01-05T12:30:00.000Z');
      expectValidation(() => create({ occurredAt: 'yesterday' }), 'occurred_at');
    });

    it('records who created it and the links, checking UUID form', () => {
      const s = create({ createdBy: USER, clientId: CLIENT }).snapshot();
      expect(s.createdBy).to.equal(USER);
      expect(s.clientId).to.equal(CLIENT);
      expectValidation(() => create({ createdBy: 'me' }), 'created_by');
      expectValidation(() => create({ dealId: '12' }), 'deal_id');
    });

    it('checks priority and due date', () => {
      expect(create({ priority: 'high', dueDate: '2026-02-01' }).snapshot()).to.include({ priority: 'high', dueDate: '2026-02-01' });
      expectValidation(() => create({ priority: 'urgent' }), 'priority');
      expectValidation(() => create({ dueDate: '01/02/2026' }), 'due_date');
    });
  });

  describe('update', () => {
    it('keeps a zero duration on update', () => {
      const a = create({ durationMinutes: 30 });
      a.update({ durationMinutes: 0 }, T1);
      expect(a.snapshot().durationMinutes).to.equal(0);
      expect(a.snapshot().updatedAt).to.equal(T1.toISOString());
    });

    it('never changes created_by', () => {
      const a = create({ createdBy: USER });
      a.update({ title: 'x', createdBy: '0190a0b0-0000-7000-8000-0000000000a2' } as never, T1);
      expect(a.snapshot().createdBy).to.equal(USER);
    });

    it('refuses a body without an updatable field', () => {
      expectValidation(() => create().update({ createdBy: USER } as never, T1));
    });

    it('is all or nothing', () => {
      const a = create();
      const before = a.snapshot();
      expectValidation(() => a.update({ title: 'New', type: 'bogus' }, T1), 'type');
      expect(a.snapshot()).to.deep.equal(before);
    });

    it('sets is_completed either way', () => {
      const a = create({ isCompleted: true });
      expect(a.isCompleted).to.equal(true);
      a.update({ isCompleted: false }, T1);
      expect(a.isCompleted).to.equal(false);
    });
  });

  describe('complete', () => {
    it('marks the activity completed with completed_at equal to updated_at', () => {
      const a = create();
      const done = a.complete(T1);
      expect(done).to.deep.equal({ id: 'a1', isCompleted: true, completedAt: T1.toISOString() });
      expect(a.snapshot()).to.include({ isCompleted: true, updatedAt: T1.toISOString() });
    });

    it('changes nothing when already completed', () => {
      const a = create();
      a.complete(T1);
      const done = a.complete(T2);
      expect(done.completedAt).to.equal(T1.toISOString());
      expect(a.snapshot().updatedAt).to.equal(T1.toISOString());
    });
  });
});

describe('activity list rules', () => {
  it('filters on a listed type and ignores an unlisted one', () => {
    expect(activityTypeFilter('call')).to.equal('call');
    expect(activityTypeFilter('visit')).to.equal(undefined);
    expect(activityTypeFilter(undefined)).to.equal(undefined);
  });

  it('filters on completed only for true and false', () => {
    expect(completedFilter('true')).to.equal(true);
    expect(completedFilter('false')).to.equal(false);
    expect(completedFilter('yes')).to.equal(undefined);
    expect(completedFilter('1')).to.equal(undefined);
  });

  it('sorts newest first by default and on listed fields', () => {
    expect(activitySort(undefined)).to.deep.equal({ field: 'created_at', descending: true });
    expect(activitySort('occurred_at')).to.deep.equal({ field: 'occurred_at', descending: false });
    expect(activitySort('-priority')).to.deep.equal({ field: 'priority', descending: true });
  });

  it('falls back to created_at keeping the direction for an unlisted field', () => {
    expect(activitySort('x')).to.deep.equal({ field: 'created_at', descending: false });
    expect(activitySort('-x')).to.deep.equal({ field: 'created_at', descending: true });
  });
});
