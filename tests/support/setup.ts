// Loaded before every test file (see .mocharc.json).
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
