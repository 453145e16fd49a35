import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_DOC, configTableIn, withConfigTable } from '../../../bootstrap/config-docs';
import { SETTINGS, configReference } from '../../../bootstrap/config';

const ROOT = join(__dirname, '..', '..', '..');
const doc = () => readFileSync(join(ROOT, CONFIG_DOC), 'utf8');

describe('Configuration table of docs/operations.md', () => {
  it('is the one the schema gives (npm run docs:config writes it)', () => {
    expect(configTableIn(doc()), 'run npm run docs:config').to.equal(configReference());
    expect(withConfigTable(doc()), 'nothing for npm run docs:config to change').to.equal(doc());
  });

  it('holds every setting, in the order of the schema, in its Configuration section', () => {
    const section = doc().split('\n## Configuration\n')[1].split('\n## ')[0];
    const documented = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]);
    expect(documented).to.include.members(['PORT', 'DATABASE_URL', 'SECRETS_KEY']);
    expect(documented, 'every setting, in the order of the schema').to.deep.equal(Object.keys(SETTINGS));
  });

  it('is written between the markers and nowhere else', () => {
    const stale = doc().replace(configReference(), '| variable | default | takes | meaning |\n|---|---|---|---|\n| `OLD` | x | y | z |');
    const written = withConfigTable(stale);
    expect(configTableIn(written)).to.equal(configReference());
    expect(written, 'the rest of the doc as it was').to.equal(withConfigTable(doc()));
    expect(withConfigTable(written), 'a second run changes nothing').to.equal(written);
    expect(() => withConfigTable('# no markers\n')).to.throw(/markers/);
  });
});
