import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The violations dependency-cruiser finds in a tree laid out like ours, with the project's rules. */
function violationsIn(dir: string): Violation[] {
  const out = execFileSync(
    process.execPath,
    [DEPCRUISE, 'domain', 'application', 'adapters', 'bootstrap', '--config', CONFIG, '--output-type', 'json'],
    {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 512 * 1024 * 1024,
    },
  );
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('Layer rules (docs/architecture.md), as npm test checks them', function () {
  this.timeout(30000);

  it('finds every way a tree can break them', () => {
    const found = violationsIn(join(ROOT, 'tests', 'fixtures', 'layer-violations'))
      // A package is named as it resolved from the fixture (a relative path into the root's node_modules).
      .map(
        (v) => `${v.rule.name}: ${v.from} -> ${v.to.replace(/^.*node_modules\/(inversify|knex)\/.*$/, (_, p: string) => p.toUpperCase())}`,
      )
      .sort();
    expect(found).to.deep.equal([
      'adapters-do-not-wire: adapters/store.ts -> bootstrap/wiring.ts',
      'application-talks-to-ports: application/use-case.ts -> INVERSIFY',
      'application-talks-to-ports: application/use-case.ts -> adapters/store.ts',
      'domain-is-self-contained: domain/rule.ts -> KNEX',
      'domain-is-self-contained: domain/rule.ts -> adapters/store.ts',
      'domain-is-self-contained: domain/rule.ts -> fs',
    ]);
  });

  it('finds none in the product code', () => {
    expect(violationsIn(ROOT)).to.deep.equal([]);
  });
});
