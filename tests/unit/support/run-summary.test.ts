import { expect } from 'chai';
import { CHROMIUM, Service, runSummary } from '../../support/services';

const ALL: ReadonlySet<Service> = new Set<Service>(['postgres', 'redis', 'multinode', 'browser']);
const LOCAL = { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', TEST_REDIS_URL: 'redis://127.0.0.1:6379' };
const installed = (path: string) => path === CHROMIUM;
const missing = () => false;

describe('The line a test run ends with', () => {
  it('says what was skipped, and which variable would have run it, when neither service is set', () => {
    expect(runSummary(ALL, {}, missing)).to.equal(
      'Backends: memory, sqlite; postgresql skipped (TEST_DATABASE_URL not set). Redis suites: skipped (TEST_REDIS_URL not set). ' +
        'Multi-node suite: skipped (TEST_DATABASE_URL and TEST_REDIS_URL not set). Browser test: skipped (no Chromium at /usr/bin/chromium).',
    );
  });

  it('says everything ran, and on what, when both are set and Chromium is installed', () => {
    expect(runSummary(ALL, LOCAL, installed)).to.equal(
      'Backends: memory, sqlite, postgresql (TEST_DATABASE_URL). Redis suites: run (TEST_REDIS_URL). Multi-node suite: run. ' +
        'Browser test: run (/usr/bin/chromium).',
    );
  });

  it('names the one variable the multi-node suite lacks; an empty value counts as not set', () => {
    expect(runSummary(new Set<Service>(['multinode']), { ...LOCAL, TEST_REDIS_URL: '' }, installed)).to.equal(
      'Multi-node suite: skipped (TEST_REDIS_URL not set).',
    );
  });

  it('speaks only of what the suites of the run asked for: nothing for unit tests alone', () => {
    expect(runSummary(new Set<Service>(['postgres']), LOCAL, missing)).to.equal(
      'Backends: memory, sqlite, postgresql (TEST_DATABASE_URL).',
    );
    expect(runSummary(new Set<Service>(), {}, missing)).to.equal('');
  });
});
