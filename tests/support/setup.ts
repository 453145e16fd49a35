// Loaded before every test file (see .mocharc.json).
import { runSummary } from './services';
import { takeMismatches } from './response-check';

process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';

/** Every HTTP answer of a test is checked against the OpenAPI document (tests/support/http.ts). */
export const mochaHooks = {
  afterEach(this: Mocha.Context) {
    const found = takeMismatches();
    if (found.length > 0) {
      throw new Error(
        `"${this.currentTest?.fullTitle()}" got answers that the OpenAPI document does not describe:\n${[...new Set(found)].join('\n')}`,
      );
    }
  },
};

/**
 * Once the reporter's summary is out: which backends and services the run's suites ran on, and which
 * they were skipped without and why, so a run without TEST_DATABASE_URL never passes for one on PostgreSQL.
 */
export function mochaGlobalTeardown(): void {
  const summary = runSummary();
  if (summary) process.stdout.write(`  ${summary}\n`);
}
