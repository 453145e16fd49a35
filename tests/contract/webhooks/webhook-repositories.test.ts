import { expect } from 'chai';
import { WEBHOOK_TOKENS } from '../../../bootstrap/contexts/webhooks';
import { TOKENS } from '../../../bootstrap/tokens';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { ListQuery } from '../../../domain/shared/list';
import { InboundDeliveryData } from '../../../domain/webhooks/inbound-delivery';
import { DeliveryKeyTaken, InboundDeliveryRepository } from '../../../domain/webhooks/inbound-delivery-repository';
import { WebhookEndpointData } from '../../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../../domain/webhooks/webhook-endpoint-repository';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { checkNewestFirst } from '../../support/keyset';
import { ClientMother } from '../../support/mothers';

const q = (over: Partial<ListQuery<any>> = {}): ListQuery<any> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});
let seq = 5000;
const id = () => ClientMother.id(++seq);
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

const endpoint = (teamId: string, over: Partial<WebhookEndpointData> = {}): WebhookEndpointData => {
  const n = ++seq;
  return {
    id: ClientMother.id(n),
    teamId,
    endpointId: `wh_${n}_${Math.random().toString(36).slice(2)}`,
    name: `Endpoint ${n}`,
    slug: `endpoint-${n}`,
    isActive: true,
    actionType: 'create_deal',
    actionConfig: { projectId: ClientMother.id(1), pipelineId: ClientMother.id(2), columnSlug: 'novo' },
    fieldMapping: { full_name: ['lead.first', 'lead.last'], 'custom_fields.plan': 'answers.0' },
    authMode: 'secret',
    secretHash: 'a'.repeat(64),
    signingSecret: null,
    idempotencyPath: 'entry.0.changes.0.value.leadgen_id',
    verifyTokenHash: 'b'.repeat(64),
    createdAt: at(n % 60),
    updatedAt: at(n % 60),
    ...over,
  };
};

const delivery = (teamId: string, webhookId: string, over: Partial<InboundDeliveryData> = {}): InboundDeliveryData => ({
  id: id(),
  teamId,
  webhookId,
  action: 'create_deal',
  payload: { name: 'Ana', nested: { list: [1, 'two', null], ok: true } },
  rawBody: '{"name":"Ana","nested":{"list":[1,"two",null],"ok":true}}',
  contentType: 'application/json',
  bodyError: null,
  idempotencyKey: null,
  status: 'received',
  entityId: null,
  entityIds: [],
  entityType: null,
  warnings: [],
  error: null,
  failure: null,
  attempts: 0,
  receivedAt: at(1),
  processedAt: null,
  ...over,
});

forEachBackend('WebhookEndpointRepository contract', (env) => {
  let repo: WebhookEndpointRepository;
  let team: { teamId: string };
  beforeEach(() => {
    repo = referencedRows(env()).webhookEndpoints(env().container.get<WebhookEndpointRepository>(WEBHOOK_TOKENS.WebhookEndpointRepository));
    team = { teamId: id() };
  });

  it('round-trips every field identically, a null secret and pipeline included, and every auth mode', async () => {
    const a = endpoint(team.teamId);
    const b = endpoint(team.teamId, {
      authMode: 'none',
      secretHash: null,
      actionType: 'create_lead',
      actionConfig: { projectId: id(), pipelineId: null, columnSlug: null },
      fieldMapping: {},
      idempotencyPath: null,
      verifyTokenHash: null,
    });
    await repo.insert(a);
    await repo.insert(b);
    expect(await repo.findById(team, a.id)).to.deep.equal(a);
    expect(await repo.findById(team, b.id)).to.deep.equal(b);
    const sealed = `v1:${'A'.repeat(16)}:${'B'.repeat(24)}:${'C'.repeat(400)}`;
    const modes: Partial<WebhookEndpointData>[] = [
      { authMode: 'meta_signature', secretHash: null, signingSecret: sealed },
      { authMode: 'typeform_signature', secretHash: null, signingSecret: sealed },
      { authMode: 'standard_webhooks', secretHash: null, signingSecret: sealed },
      { authMode: 'url_token', secretHash: 'c'.repeat(64), signingSecret: null },
    ];
    for (const over of modes) {
      const e = endpoint(team.teamId, over);
      await repo.insert(e);
      expect(await repo.findByEndpointId(e.endpointId), over.authMode).to.deep.equal(e);
      const changed = { ...e, authMode: 'secret' as const, secretHash: 'd'.repeat(64), signingSecret: null };
      await repo.update(changed);
      expect(await repo.findById(team, e.id), over.authMode).to.deep.equal(changed);
    }
  });

  it('finds an endpoint by its public id whatever the team, and names the team of an admin id', async () => {
    const a = endpoint(team.teamId);
    await repo.insert(a);
    expect(await repo.findByEndpointId(a.endpointId)).to.deep.equal(a);
    expect(await repo.findByEndpointId(a.id)).to.equal(null);
    expect(await repo.findByEndpointId('wh_none')).to.equal(null);
    expect(await repo.findTeamOf(a.id)).to.deep.equal(team);
    expect(await repo.findTeamOf(id())).to.equal(null);
  });

  it("never returns another team's endpoint by admin id, list, update or delete", async () => {
    const a = endpoint(team.teamId);
    await repo.insert(a);
    const other = { teamId: id() };
    expect(await repo.findById(other, a.id)).to.equal(null);
    expect((await repo.list(other, {}, q())).total).to.equal(0);
    expect(await repo.delete(other, a.id)).to.equal(false);
    expect(await repo.findById(team, a.id)).to.not.equal(null);
  });

  it('lists with the active filter, sorted by name case-insensitively, paginated with an exact total', async () => {
    for (const [name, isActive] of [
      ['bravo', true],
      ['Alpha', false],
      ['charlie', true],
    ] as const)
      await repo.insert(endpoint(team.teamId, { name, isActive }));
    const active = await repo.list(team, { isActive: true }, q({ sort: { field: 'name', descending: false } }));
    expect(active.total).to.equal(2);
    expect(active.items.map((e) => e.name)).to.deep.equal(['bravo', 'charlie']);
    const all = await repo.list(team, {}, q({ sort: { field: 'name', descending: true }, limit: 2, page: 2 }));
    expect(all.total).to.equal(3);
    expect(all.items.map((e) => e.name)).to.deep.equal(['Alpha']);
    expect((await repo.list(team, { isActive: false }, q())).items.map((e) => e.name)).to.deep.equal(['Alpha']);
  });

  it("pages the team's endpoints newest first, created_at then id, each once", async () => {
    await repo.insert(endpoint(id(), { createdAt: at(4) }));
    await checkNewestFirst(
      async (createdAt, endpointId) => {
        const e = endpoint(team.teamId, { id: endpointId, createdAt, updatedAt: createdAt, isActive: endpointId.endsWith('1') });
        await repo.insert(e);
        return e;
      },
      (q) => repo.listNewestFirst(team, q),
      (e) => ({ at: e.createdAt, id: e.id }),
    );
  });

  it('returns the slugs equal to a base or numbered after it, and refuses a taken slug', async () => {
    for (const slug of ['form', 'form-2', 'form-x', 'formal', 'form-10']) await repo.insert(endpoint(team.teamId, { slug }));
    expect((await repo.slugsLike(team, 'form')).sort()).to.deep.equal(['form', 'form-10', 'form-2']);
    expect(await repo.slugsLike({ teamId: id() }, 'form')).to.deep.equal([]);
    let error: unknown;
    try {
      await repo.insert(endpoint(team.teamId, { slug: 'form' }));
    } catch (e) {
      error = e;
    }
    expect((error as { code?: string })?.code).to.equal('DUPLICATE_ENTRY');
    await repo.insert(endpoint(id(), { slug: 'form' }));
  });

  it('lists the signing secret of every signature endpoint, whatever its team, by team then id', async () => {
    const other = { teamId: id() };
    const sealed = (n: number) => `v1:${'A'.repeat(16)}:${'B'.repeat(24)}:${String(n).repeat(40)}`;
    const signed = (teamId: string, n: number) =>
      endpoint(teamId, { authMode: 'typeform_signature', secretHash: null, signingSecret: sealed(n) });
    const mine = [signed(team.teamId, 1), signed(team.teamId, 2), signed(other.teamId, 3)];
    for (const e of [...mine, endpoint(team.teamId), endpoint(other.teamId, { authMode: 'none', secretHash: null })]) await repo.insert(e);
    const expected = mine
      .map((e) => ({ teamId: e.teamId, id: e.id, signingSecret: e.signingSecret }))
      .sort((a, b) => a.teamId.localeCompare(b.teamId) || a.id.localeCompare(b.id));
    const teams = [team.teamId, other.teamId];
    expect((await repo.listSigningSecrets()).filter((s) => teams.includes(s.teamId))).to.deep.equal(expected);
  });

  it('replaces a signing secret only while the stored one is the one read, in its team, and leaves the rest', async () => {
    const before = `v1:${'A'.repeat(16)}:${'B'.repeat(24)}:${'C'.repeat(40)}`;
    const after = `v1:${'D'.repeat(16)}:${'E'.repeat(24)}:${'F'.repeat(40)}`;
    const e = endpoint(team.teamId, { authMode: 'meta_signature', secretHash: null, signingSecret: before });
    await repo.insert(e);
    expect(await repo.replaceSigningSecret({ teamId: id() }, e.id, before, after), 'another team').to.equal(false);
    expect(await repo.replaceSigningSecret(team, e.id, after, before), 'not the stored one').to.equal(false);
    expect(await repo.findById(team, e.id)).to.deep.equal(e);
    expect(await repo.replaceSigningSecret(team, e.id, before, after)).to.equal(true);
    expect(await repo.findById(team, e.id)).to.deep.equal({ ...e, signingSecret: after });
    expect(await repo.replaceSigningSecret(team, e.id, before, after), 'already replaced').to.equal(false);
  });

  it('updates and deletes permanently', async () => {
    const a = endpoint(team.teamId);
    await repo.insert(a);
    const changed = { ...a, name: 'Renamed', isActive: false, updatedAt: at(59) };
    await repo.update(changed);
    expect(await repo.findById(team, a.id)).to.deep.equal(changed);
    expect(await repo.delete(team, a.id)).to.equal(true);
    expect(await repo.findById(team, a.id)).to.equal(null);
    expect(await repo.findByEndpointId(a.endpointId)).to.equal(null);
    expect(await repo.delete(team, a.id)).to.equal(false);
  });
});

forEachBackend('InboundDeliveryRepository contract', (env) => {
  let repo: InboundDeliveryRepository;
  let team: { teamId: string };
  beforeEach(() => {
    repo = env().container.get(WEBHOOK_TOKENS.InboundDeliveryRepository);
    team = { teamId: id() };
  });

  it('round-trips every field, any JSON payload included', async () => {
    const webhookId = id();
    const payloads: unknown[] = [{ a: { b: [1, 2.5, 'x', null, true] } }, [1, 2], 'text', 42, null];
    for (const payload of payloads) {
      const d = delivery(team.teamId, webhookId, { payload });
      await repo.insert(d);
      expect(await repo.findById(team, d.id)).to.deep.equal(d);
    }
    const done = delivery(team.teamId, webhookId, {
      status: 'succeeded',
      entityId: id(),
      entityType: 'deal',
      attempts: 2,
      processedAt: at(30),
      idempotencyKey: 'evt_1',
      warnings: [
        { field: 'phone', value: '98765-4321', reason: 'no area code', record: 1 },
        { field: 'value', value: { x: [1] }, reason: 'not a number' },
      ],
    });
    done.entityIds = [done.entityId!, id()];
    await repo.insert(done);
    expect(await repo.findById(team, done.id)).to.deep.equal(done);
    const unreadable = delivery(team.teamId, webhookId, {
      payload: null,
      rawBody: 'name=Ana&x=%E9 not json',
      contentType: 'text/plain; charset=utf-8',
      bodyError: 'The body is not JSON',
      status: 'failed',
      failure: 'refused',
      error: 'The body is not JSON',
      attempts: 1,
      processedAt: at(31),
    });
    await repo.insert(unreadable);
    expect(await repo.findById(team, unreadable.id)).to.deep.equal(unreadable);
    const crashed = delivery(team.teamId, webhookId, {
      rawBody: '',
      contentType: null,
      status: 'failed',
      failure: 'crashed',
      error: 'Unexpected error: x',
      attempts: 1,
    });
    await repo.insert(crashed);
    expect(await repo.findById(team, crashed.id)).to.deep.equal(crashed);
  });

  it('keeps one delivery per idempotency key and endpoint, and finds it by its key', async () => {
    const webhookId = id();
    const first = delivery(team.teamId, webhookId, { idempotencyKey: 'leadgen-123' });
    await repo.insert(first);
    let error: unknown;
    try {
      await repo.insert(delivery(team.teamId, webhookId, { idempotencyKey: 'leadgen-123' }));
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(DeliveryKeyTaken);
    expect(await repo.findByIdempotencyKey(team, webhookId, 'leadgen-123')).to.deep.equal(first);
    // The same key on another endpoint or team, and deliveries without a key, are not limited.
    await repo.insert(delivery(team.teamId, id(), { idempotencyKey: 'leadgen-123' }));
    await repo.insert(delivery(id(), webhookId, { idempotencyKey: 'leadgen-123' }));
    await repo.insert(delivery(team.teamId, webhookId));
    await repo.insert(delivery(team.teamId, webhookId));
    expect(await repo.findByIdempotencyKey(team, webhookId, 'other')).to.equal(null);
    expect(await repo.findByIdempotencyKey({ teamId: id() }, webhookId, 'leadgen-123')).to.equal(null);
    expect((await repo.listByWebhook(team, webhookId, { limit: 10, after: null })).items).to.have.length(3);
  });

  it('stores only one of two deliveries with one key sent at once', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const webhookId = id();
    const attempt = () =>
      uow
        .run(() => repo.insert(delivery(team.teamId, webhookId, { idempotencyKey: 'evt-race' })))
        .then(
          () => 'stored',
          (e: unknown) => {
            if (e instanceof DeliveryKeyTaken) return 'taken';
            throw e;
          },
        );
    const results = await Promise.all([attempt(), attempt(), attempt()]);
    expect(results.sort()).to.deep.equal(['stored', 'taken', 'taken']);
    expect((await repo.listByWebhook(team, webhookId, { limit: 10, after: null })).items).to.have.length(1);
  });

  it('records the outcome of an attempt, unless another attempt was recorded first', async () => {
    const d = delivery(team.teamId, id());
    await repo.insert(d);
    const failed = { ...d, status: 'failed' as const, error: 'phone must include the area code', attempts: 1, processedAt: at(2) };
    expect(await repo.saveOutcome(failed, 0)).to.equal(true);
    expect(await repo.findById(team, d.id)).to.deep.equal(failed);
    expect(await repo.saveOutcome({ ...d, status: 'succeeded', attempts: 1 }, 0)).to.equal(false);
    expect(await repo.saveOutcome({ ...failed, teamId: id() }, 1)).to.equal(false);
    expect(await repo.findById(team, d.id)).to.deep.equal(failed);
  });

  it('lets an attempt claim a delivery only at the attempts it read and while it has not succeeded', async () => {
    const d = delivery(team.teamId, id());
    await repo.insert(d);
    expect(await repo.claim(team, d.id, 0)).to.equal(true);
    expect(await repo.claim(team, d.id, 1)).to.equal(false);
    expect(await repo.claim({ teamId: id() }, d.id, 0)).to.equal(false);
    await repo.saveOutcome({ ...d, status: 'failed', error: 'x', attempts: 1 }, 0);
    expect(await repo.claim(team, d.id, 0)).to.equal(false);
    expect(await repo.claim(team, d.id, 1)).to.equal(true);
    await repo.saveOutcome({ ...d, status: 'succeeded', entityId: id(), entityType: 'deal', attempts: 2 }, 1);
    expect(await repo.claim(team, d.id, 2)).to.equal(false);
    expect(await repo.findById(team, d.id)).to.include({ attempts: 2, status: 'succeeded' });
  });

  it('gives a delivery to only one of two attempts running at once', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const d = delivery(team.teamId, id(), { status: 'failed', attempts: 1 });
    await repo.insert(d);
    const attempt = () =>
      uow.run(async () => {
        const mine = await repo.claim(team, d.id, 1);
        if (mine) {
          await new Promise((r) => setTimeout(r, 50));
          await repo.saveOutcome({ ...d, status: 'succeeded', attempts: 2 }, 1);
        }
        return mine;
      });
    const results = await Promise.all([attempt(), attempt()]);
    expect(results.filter(Boolean)).to.have.length(1);
    expect(await repo.findById(team, d.id)).to.include({ attempts: 2, status: 'succeeded' });
  });

  it("lists an endpoint's deliveries newest first, limited, and only the team's", async () => {
    const webhookId = id();
    const old = delivery(team.teamId, webhookId, { receivedAt: at(1) });
    const mid = delivery(team.teamId, webhookId, { receivedAt: at(2) });
    const recent = delivery(team.teamId, webhookId, { receivedAt: at(3) });
    for (const d of [mid, recent, old]) await repo.insert(d);
    await repo.insert(delivery(team.teamId, id(), { receivedAt: at(4) }));
    const ids = async (limit: number) => (await repo.listByWebhook(team, webhookId, { limit, after: null })).items.map((d) => d.id);
    expect(await ids(10)).to.deep.equal([recent.id, mid.id, old.id]);
    expect(await ids(2)).to.deep.equal([recent.id, mid.id]);
    expect(await repo.listByWebhook({ teamId: id() }, webhookId, { limit: 10, after: null })).to.deep.equal({ items: [], next: null });
    expect(await repo.findById({ teamId: id() }, old.id)).to.equal(null);
    expect(await repo.findTeamOf(old.id)).to.deep.equal(team);
    expect(await repo.findTeamOf(id())).to.equal(null);
  });

  it("pages an endpoint's deliveries newest first, received_at then id, each once", async () => {
    const webhookId = id();
    await repo.insert(delivery(team.teamId, id(), { receivedAt: at(4) }));
    await repo.insert(delivery(id(), webhookId, { receivedAt: at(4) }));
    await checkNewestFirst(
      async (receivedAt, deliveryId) => {
        const d = delivery(team.teamId, webhookId, { id: deliveryId, receivedAt });
        await repo.insert(d);
        return d;
      },
      (q) => repo.listByWebhook(team, webhookId, q),
      (d) => ({ at: d.receivedAt, id: d.id }),
    );
  });

  it('keeps a delivery written in a transaction that commits, and none of one that fails', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const kept = delivery(team.teamId, id());
    const lost = delivery(team.teamId, id());
    await uow.run(() => repo.insert(kept));
    await uow
      .run(async () => {
        await repo.insert(lost);
        throw new Error('boom');
      })
      .catch(() => undefined);
    expect(await repo.findById(team, kept.id)).to.not.equal(null);
    expect(await repo.findById(team, lost.id)).to.equal(null);
  });
});
