import { expect } from 'chai';
import { IMPORT_MAX_ATTEMPTS, Import } from '../../../../domain/imports/import';

const T0 = new Date('2026-12-02T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const PLAN = { resource: 'clients' as const, headers: ['Nome', 'E-mail'], fields: ['name', 'email'] };
const FILE = { encoding: 'windows-1252', separator: ';', headerLine: 2 };

const received = () =>
  Import.receive('i1', 'team', { resource: 'clients', projectId: null, dryRun: false, onDuplicate: 'skip', fileName: 'clientes.csv' }, T0);
const queued = (rows = 3) => {
  const i = received();
  i.queue(FILE, PLAN, rows, T0);
  return i;
};

describe('Import', () => {
  it('is received with nothing counted, and queued with its rows, file and plan once staged', () => {
    const i = received();
    expect(i.snapshot()).to.include({ status: 'receiving', attempts: 0, startedAt: null });
    i.queue(FILE, PLAN, 3, at(5));
    const d = i.snapshot();
    expect(d.status).to.equal('queued');
    expect(d.file).to.deep.equal({ name: 'clientes.csv', ...FILE });
    expect(d.plan).to.deep.equal(PLAN);
    expect(d.totals).to.deep.equal({ rows: 3, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    expect(i.progress).to.deep.equal({ processed: 0, total: 3, percent: 0 });
  });

  it('is never claimed while receiving', () => {
    const i = received();
    expect(i.claimableAt(T0)).to.equal(false);
    expect(() => i.claim('a', T0, at(1000))).to.throw();
  });

  it('is claimed once while its lease holds, and taken over when it ran out', () => {
    const i = queued();
    i.claim('a', T0, at(1000));
    expect(i.snapshot()).to.include({ status: 'running', attempts: 1, leaseOwner: 'a', startedAt: T0.toISOString() });
    expect(i.claimableAt(at(999))).to.equal(false);
    expect(i.claimableAt(at(1000))).to.equal(true);
    i.claim('b', at(1500), at(2500));
    expect(i.snapshot()).to.include({ attempts: 2, leaseOwner: 'b', startedAt: T0.toISOString() });
  });

  it('counts outcomes into its totals and progress, never more than its rows', () => {
    const i = queued(3);
    i.claim('a', T0, at(1000));
    i.count([{ status: 'created' }, { status: 'failed' }], at(1));
    expect(i.snapshot().totals).to.include({ created: 1, failed: 1 });
    expect(i.progress).to.deep.equal({ processed: 2, total: 3, percent: 66 });
    expect(() => i.count([{ status: 'created' }, { status: 'created' }], at(2))).to.throw();
  });

  it('succeeds with its lease cleared and its end stamped', () => {
    const i = queued(1);
    i.claim('a', T0, at(1000));
    i.count([{ status: 'skipped' }], at(1));
    i.succeed(at(2));
    expect(i.snapshot()).to.include({ status: 'succeeded', leaseOwner: null, leaseUntil: null, finishedAt: at(2).toISOString() });
    expect(i.claimableAt(at(5000))).to.equal(false);
  });

  it('fails with its error and the totals of the rows done so far, once its attempts are spent', () => {
    const i = queued(3);
    for (let n = 1; n <= IMPORT_MAX_ATTEMPTS; n++) {
      i.claim('a', at(n * 10), at(n * 10 + 5));
      if (n === 1) i.count([{ status: 'created' }], at(n * 10 + 1));
      expect(i.attemptsSpent).to.equal(n === IMPORT_MAX_ATTEMPTS);
      if (n < IMPORT_MAX_ATTEMPTS) i.release(at(n * 10 + 2));
    }
    i.fail({ code: 'IMPORT_FAILED', message: 'boom' }, at(100));
    expect(i.snapshot()).to.deep.include({ status: 'failed', error: { code: 'IMPORT_FAILED', message: 'boom' } });
    expect(i.snapshot().totals.created).to.equal(1);
  });

  it('lets a released claim be taken again at once', () => {
    const i = queued();
    i.claim('a', T0, at(60_000));
    i.release(at(10));
    expect(i.claimableAt(at(10))).to.equal(true);
  });

  it('starts a dry run over from zero, and refuses that to a real run', () => {
    const dry = Import.receive(
      'i2',
      'team',
      { resource: 'clients', projectId: null, dryRun: true, onDuplicate: 'skip', fileName: 'a.csv' },
      T0,
    );
    dry.queue(FILE, PLAN, 2, T0);
    dry.claim('a', T0, at(1000));
    dry.count([{ status: 'created' }], at(1));
    dry.restartRehearsal(at(2));
    expect(dry.snapshot().totals).to.deep.equal({ rows: 2, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    const real = queued();
    real.claim('a', T0, at(1000));
    expect(() => real.restartRehearsal(at(1))).to.throw();
  });

  it('is restored and snapshotted as copies', () => {
    const i = queued();
    const d = i.snapshot();
    d.totals.created = 99;
    d.plan.headers.push('x');
    expect(i.snapshot().totals.created).to.equal(0);
    expect(Import.restore(i.snapshot()).snapshot()).to.deep.equal(i.snapshot());
    expect(i.snapshot().plan.headers).to.have.length(2);
  });
});
