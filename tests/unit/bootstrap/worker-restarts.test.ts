import { expect } from 'chai';
import { WorkerRestarts } from '../../../bootstrap/worker-restarts';

describe('Worker restarts (cluster primary)', () => {
  it('forks again at once after a crash of a worker that had been serving a while', () => {
    const restarts = new WorkerRestarts();
    expect(restarts.afterCrash(600_000, 0)).to.deep.equal({ restart: true, delayMs: 0 });
    expect(restarts.afterCrash(700_000, 610_000)).to.deep.equal({ restart: true, delayMs: 0 });
  });

  it('backs off 1 s, 2 s, 4 s, 8 s after workers that die at start, and gives up at the fifth within a minute', () => {
    const restarts = new WorkerRestarts();
    const delays = [0, 100, 1200, 2300, 5400].map((at) => restarts.afterCrash(at, undefined));
    expect(delays).to.deep.equal([
      { restart: true, delayMs: 1000 },
      { restart: true, delayMs: 2000 },
      { restart: true, delayMs: 4000 },
      { restart: true, delayMs: 8000 },
      { restart: false, failures: 5, withinMs: 60_000 },
    ]);
  });

  it('counts a worker that dies soon after it started listening as one that died at start', () => {
    const restarts = new WorkerRestarts();
    for (let i = 0; i < 4; i++) expect(restarts.afterCrash(i * 3000 + 500, i * 3000)).to.have.property('restart', true);
    expect(restarts.afterCrash(12_500, 12_000)).to.deep.include({ restart: false });
  });

  it('forgets failures older than a minute: a rare start failure never adds up to giving up', () => {
    const restarts = new WorkerRestarts();
    for (let i = 0; i < 10; i++) {
      expect(restarts.afterCrash(i * 61_000, undefined), String(i)).to.deep.equal({ restart: true, delayMs: 1000 });
    }
  });
});
