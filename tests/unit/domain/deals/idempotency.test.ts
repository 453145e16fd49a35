import { expect } from 'chai';
import {
  decideIdempotency,
  IDEMPOTENCY_RETENTION_MS,
  newDealFingerprint,
  newProjectDealFingerprint,
  newIdempotencyRecord,
  parseIdempotencyKey,
  requestFingerprint,
} from '../../../../domain/deals/idempotency';
import { Conflict, ValidationFailed } from '../../../../domain/shared/errors';
import { NOW, TEAM_ID } from './deal-mother';

describe('Idempotency-Key rule', () => {
  describe('parseIdempotencyKey', () => {
    it('accepts a key of up to 512 characters', () => {
      const key = 'k'.repeat(512);
      expect(parseIdempotencyKey(key)).to.equal(key);
    });

    it('refuses a longer key with invalid_idempotency_key', () => {
      expect(() => parseIdempotencyKey('k'.repeat(513)))
        .to.throw(ValidationFailed)
        .with.property('code', 'invalid_idempotency_key');
    });

    it('treats an absent or empty header as no key', () => {
      expect(parseIdempotencyKey(undefined)).to.equal(null);
      expect(parseIdempotencyKey('')).to.equal(null);
    });
  });

  describe('requestFingerprint', () => {
    it('ignores the order of keys, at every depth', () => {
      expect(requestFingerprint({ a: 1, b: { c: 2, d: [1, 2] } })).to.equal(requestFingerprint({ b: { d: [1, 2], c: 2 }, a: 1 }));
    });

    it('tells different payloads apart', () => {
      expect(requestFingerprint({ title: 'A' })).to.not.equal(requestFingerprint({ title: 'B' }));
      expect(requestFingerprint({ tags: ['a', 'b'] })).to.not.equal(requestFingerprint({ tags: ['b', 'a'] }));
      expect(requestFingerprint({ value: 0 })).to.not.equal(requestFingerprint({ value: null }));
    });

    it("names a new deal's fields as the request does, so a key stored before still replays", () => {
      expect(newDealFingerprint({ title: 'A', clientId: 'c', expectedCloseDate: '2026-01-01', tags: ['x'] })).to.equal(
        '{"client_id":"c","expected_close_date":"2026-01-01","tags":["x"],"title":"A"}',
      );
      expect(newDealFingerprint({ title: 'A', responsibleId: undefined })).to.equal(requestFingerprint({ title: 'A' }));
    });

    it("tells a project deal's request from a legacy deal's and from another project's, whatever the payload", () => {
      const P1 = '0190a000-0000-7000-8000-0000000000p1';
      const P2 = '0190a000-0000-7000-8000-0000000000p2';
      const project = newProjectDealFingerprint(P1, { deal: { title: 'A' }, leadId: 'l' });
      expect(project).to.equal(newProjectDealFingerprint(P1, { leadId: 'l', deal: { title: 'A' } }));
      expect(project).to.not.equal(newProjectDealFingerprint(P2, { deal: { title: 'A' }, leadId: 'l' }));
      expect(project).to.not.equal(newDealFingerprint({ title: 'A' }));
      expect(newProjectDealFingerprint(P1, { title: 'A' })).to.not.equal(newDealFingerprint({ title: 'A' }));
    });
  });

  describe('decideIdempotency', () => {
    const fp = requestFingerprint({ title: 'A' });
    const record = newIdempotencyRecord(TEAM_ID, 'key-1', fp, 'deal-1', NOW);

    it('keeps a key for 24 hours', () => {
      expect(Date.parse(record.expiresAt) - NOW.getTime()).to.equal(IDEMPOTENCY_RETENTION_MS);
      expect(IDEMPOTENCY_RETENTION_MS).to.equal(86_400_000);
    });

    it('creates when the key is new', () => {
      expect(decideIdempotency(null, fp, NOW)).to.deep.equal({ kind: 'new' });
    });

    it('replays the deal for the same payload', () => {
      expect(decideIdempotency(record, fp, new Date(NOW.getTime() + 1000))).to.deep.equal({ kind: 'replay', dealId: 'deal-1' });
    });

    it('is a CONFLICT for another payload', () => {
      expect(() => decideIdempotency(record, requestFingerprint({ title: 'B' }), NOW))
        .to.throw(Conflict)
        .with.property('code', 'CONFLICT');
    });

    it('creates again once the key has expired', () => {
      const later = new Date(NOW.getTime() + IDEMPOTENCY_RETENTION_MS);
      expect(decideIdempotency(record, requestFingerprint({ title: 'B' }), later)).to.deep.equal({ kind: 'new' });
    });
  });
});
