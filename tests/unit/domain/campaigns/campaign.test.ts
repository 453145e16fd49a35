import { expect } from 'chai';
import { Campaign, CampaignChanges, campaignStatusFilter, goalsOnCreate } from '../../../../domain/campaigns/campaign';
import { campaignSort } from '../../../../domain/campaigns/campaign-repository';
import { InternalFailure, ValidationFailed } from '../../../../domain/shared/errors';

const T0 = new Date('2026-01-10T10:00:00.000Z');
const T1 = new Date('2026-01-11T10:00:00.000Z');
const PROJECT = '0190a0b0-0000-7000-8000-000000000001';

const create = (changes: Partial<CampaignChanges> = {}): Campaign =>
  Campaign.create('c1', 'team-1', PROJECT, { name: 'Launch', ...changes }, null, T0);

const expectError = (fn: () => unknown, type: new (...a: never[]) => Error, code: string): void => {
  try {
    fn();
  } catch (e) {
    expect(e).to.be.instanceOf(type);
    expect((e as { code: string }).code).to.equal(code);
    return;
  }
  expect.fail('expected an error');
};

describe('Campaign', () => {
  describe('create', () => {
    it('applies the defaults: draft, pending approval, empty lists and goals', () => {
      const s = create().snapshot();
      expect(s).to.include({
        status: 'draft',
        approvalStatus: 'pending',
        description: null,
        startDate: null,
        endDate: null,
        projectId: PROJECT,
      });
      expect(s.contentPillars).to.deep.equal([]);
      expect(s.targetPlatforms).to.deep.equal([]);
      expect(s.goals).to.deep.equal({});
      expect(s.createdAt).to.equal(T0.toISOString());
      expect(s.updatedAt).to.equal(T0.toISOString());
    });

    it('trims the name and refuses a blank one', () => {
      expect(create({ name: '  Summer sale  ' }).snapshot().name).to.equal('Summer sale');
      expectError(() => create({ name: '   ' }), ValidationFailed, 'VALIDATION_ERROR');
    });

    for (const falsy of [false, 0, '', null] as const) {
      it(`turns goals ${JSON.stringify(falsy)} into {} on creation`, () => {
        expect(create({ goals: falsy }).snapshot().goals).to.deep.equal({});
      });
    }

    it('keeps goals of any other JSON shape as sent', () => {
      expect(create({ goals: { leads: 100 } }).snapshot().goals).to.deep.equal({ leads: 100 });
      expect(create({ goals: ['reach', 'sales'] }).snapshot().goals).to.deep.equal(['reach', 'sales']);
      expect(create({ goals: 42 }).snapshot().goals).to.equal(42);
      expect(create({ goals: true }).snapshot().goals).to.equal(true);
      expect(create({ goals: 'grow' }).snapshot().goals).to.equal('grow');
    });

    it('accepts the four storable statuses', () => {
      for (const status of ['draft', 'active', 'paused', 'completed']) {
        expect(create({ status }).snapshot().status).to.equal(status);
      }
    });

    it('refuses scheduled and cancelled the way storage does, with INTERNAL_ERROR', () => {
      expectError(() => create({ status: 'scheduled' }), InternalFailure, 'INTERNAL_ERROR');
      expectError(() => create({ status: 'cancelled' }), InternalFailure, 'INTERNAL_ERROR');
    });

    it('refuses an unknown status as a validation error', () => {
      expectError(() => create({ status: 'archived' }), ValidationFailed, 'VALIDATION_ERROR');
    });

    it('refuses a malformed date', () => {
      expectError(() => create({ startDate: '2026-02-30' }), ValidationFailed, 'VALIDATION_ERROR');
    });
  });

  describe('update', () => {
    it('changes only the fields given and keeps goals as sent, even falsy ones', () => {
      const c = create({ description: 'first', goals: { a: 1 } });
      c.update({ goals: 0, endDate: '2026-03-01' }, T1);
      const s = c.snapshot();
      expect(s.goals).to.equal(0);
      expect(s.endDate).to.equal('2026-03-01');
      expect(s.description).to.equal('first');
      expect(s.updatedAt).to.equal(T1.toISOString());
    });

    it('leaves the campaign unchanged when the status is scheduled or cancelled', () => {
      const c = create({ status: 'active' });
      const before = c.snapshot();
      expectError(() => c.update({ name: 'Renamed', status: 'cancelled' }, T1), InternalFailure, 'INTERNAL_ERROR');
      expectError(() => c.update({ status: 'scheduled' }, T1), InternalFailure, 'INTERNAL_ERROR');
      expect(c.snapshot()).to.deep.equal(before);
    });

    it('refuses an update with no updatable field', () => {
      expectError(() => create().update({}, T1), ValidationFailed, 'VALIDATION_ERROR');
    });

    it('trims a new name', () => {
      const c = create();
      c.update({ name: ' Winter ' }, T1);
      expect(c.snapshot().name).to.equal('Winter');
    });
  });

  describe('delete', () => {
    it('is refused with INTERNAL_ERROR and leaves the campaign as it was', () => {
      const c = create();
      const before = c.snapshot();
      expectError(() => c.delete(), InternalFailure, 'INTERNAL_ERROR');
      expect(c.snapshot()).to.deep.equal(before);
    });
  });

  it('keeps its state private: snapshots are copies', () => {
    const c = create({ goals: { a: 1 }, contentPillars: ['x'] });
    const s = c.snapshot();
    (s.goals as Record<string, number>).a = 2;
    s.contentPillars.push('y');
    expect(c.snapshot().goals).to.deep.equal({ a: 1 });
    expect(c.snapshot().contentPillars).to.deep.equal(['x']);
  });
});

describe('goalsOnCreate', () => {
  it('makes a missing value {}', () => {
    expect(goalsOnCreate(undefined)).to.deep.equal({});
  });
});

describe('campaignStatusFilter', () => {
  it('ignores archived and an empty value', () => {
    expect(campaignStatusFilter('archived')).to.equal(undefined);
    expect(campaignStatusFilter(undefined)).to.equal(undefined);
  });

  it('filters on a listed status', () => {
    expect(campaignStatusFilter('paused')).to.equal('paused');
  });

  it('refuses an unknown status', () => {
    expectError(() => campaignStatusFilter('bogus'), ValidationFailed, 'VALIDATION_ERROR');
  });
});

describe('campaignSort', () => {
  it('defaults to newest first', () => {
    expect(campaignSort(undefined)).to.deep.equal({ field: 'created_at', descending: true });
  });

  it('takes a listed field in either direction', () => {
    expect(campaignSort('name')).to.deep.equal({ field: 'name', descending: false });
    expect(campaignSort('-start_date')).to.deep.equal({ field: 'start_date', descending: true });
  });

  it('falls back to created_at and keeps the direction for an unlisted field', () => {
    expect(campaignSort('budget')).to.deep.equal({ field: 'created_at', descending: false });
    expect(campaignSort('-budget')).to.deep.equal({ field: 'created_at', descending: true });
  });
});
