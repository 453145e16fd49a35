import { expect } from 'chai';
import {
  checkMappingPath,
  mapInboundRecords,
  parseFieldMapping,
  readPath,
  requireContactPoint,
} from '../../../../domain/webhooks/field-mapping';
import { PROVIDER_FIXTURES, ProviderFixture } from '../../../support/provider-payloads';

/** `fields[name][value]` → the path `fields.name.value`, quoted so any key survives. */
const formKeyPath = (key: string): string => {
  const [head, ...rest] = key.split('[');
  return [head, ...rest.map((part) => part.replace(/\]$/, ''))].map((k) => JSON.stringify(k)).join('.');
};

/** The body really is the payload: the fixture cannot drift from what a parser would give. */
const expectBodyMatchesPayload = (fixture: ProviderFixture): void => {
  if (fixture.contentType === 'application/json') {
    expect(JSON.parse(fixture.body)).to.deep.equal(fixture.payload);
    return;
  }
  const pairs = [...new URLSearchParams(fixture.body)];
  expect(pairs.length).to.be.greaterThan(0);
  for (const [key, value] of pairs) expect(readPath(fixture.payload, formKeyPath(key)), key).to.equal(value);
  const leaves = (v: unknown): number =>
    typeof v === 'object' && v !== null ? Object.values(v).reduce((n: number, c) => n + leaves(c), 0) : 1;
  expect(leaves(fixture.payload), 'every payload value comes from the body').to.equal(pairs.length);
};

describe('Provider payloads', () => {
  it('cover every provider the receiver is meant for', () => {
    const providers = PROVIDER_FIXTURES.map((f) => f.provider).join('\n');
    for (const name of [
      'Meta Lead Ads',
      'Elementor',
      'Typeform',
      'Tally',
      'RD Station',
      'Google Forms',
      'HubSpot',
      'Formstack',
      'Zapier',
    ]) {
      expect(providers).to.contain(name);
    }
    expect(PROVIDER_FIXTURES.some((f) => f.expected.some((e) => e.notes_include?.some((n) => n.includes('not read'))))).to.equal(true);
  });

  for (const fixture of PROVIDER_FIXTURES) {
    describe(fixture.provider, () => {
      it('has a body that parses to its payload and names its source', () => {
        expect(fixture.source).to.match(/https:\/\//);
        expectBodyMatchesPayload(fixture);
      });

      it('maps to the expected records', () => {
        const records = mapInboundRecords(fixture.payload, parseFieldMapping(fixture.mapping));
        expect(records).to.have.length(fixture.expected.length);
        fixture.expected.forEach((expected, i) => {
          const { fields } = records[i];
          const at = `record ${i}`;
          expect(fields.fullName, `${at} full_name`).to.equal(expected.full_name);
          expect(fields.email, `${at} email`).to.equal(expected.email);
          expect(fields.phone, `${at} phone`).to.equal(expected.phone === null ? null : `+${expected.phone}`);
          if (expected.company_name !== undefined) expect(fields.companyName, `${at} company_name`).to.equal(expected.company_name);
          if (expected.value !== undefined) expect(fields.value, `${at} value`).to.equal(expected.value);
          for (const line of expected.notes_include ?? []) expect(fields.notes ?? '', `${at} notes`).to.contain(line);
          const reachable = expected.full_name !== null || expected.email !== null || expected.phone !== null;
          if (reachable) expect(() => requireContactPoint(fields)).to.not.throw();
          else expect(() => requireContactPoint(fields)).to.throw(/no name, phone or email/);
        });
      });

      if (fixture.idempotencyPath) {
        it('has an idempotency path that reads a non-empty id', () => {
          checkMappingPath(fixture.idempotencyPath!, 'idempotency_path');
          expect(readPath(fixture.payload, fixture.idempotencyPath!)).to.be.a('string').and.not.equal('');
        });
      }
    });
  }
});
