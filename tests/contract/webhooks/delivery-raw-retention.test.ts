// Minimisation of inbound deliveries: past the retention, the body as posted and its reading are dropped
// (set to null) across teams, in batches, oldest first; the delivery's outcome stays.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { WEBHOOK_TOKENS } from '../../../bootstrap/contexts/webhooks';
import { InboundDeliveryData } from '../../../domain/webhooks/inbound-delivery';
import { DeliveryKeyTaken, InboundDeliveryRepository } from '../../../domain/webhooks/inbound-delivery-repository';
import { forEachBackend } from '../../support/backends';

const day = (d: number, s = 0) => new Date(Date.UTC(2020, 0, d, 0, 0, s));
const at = (d: number, s = 0) => day(d, s).toISOString();
const FAR_FUTURE = new Date(Date.UTC(2100, 0, 1));

const delivery = (teamId: string, receivedAt: string, over: Partial<InboundDeliveryData> = {}): InboundDeliveryData => ({
  id: randomUUID(),
  teamId,
  webhookId: randomUUID(),
  action: 'create_lead',
  payload: { name: 'Ana Souza', phone: '+55 11 98765-4321', nested: { list: [1, 'two', null] } },
  rawBody: '{"name":"Ana Souza","phone":"+55 11 98765-4321","nested":{"list":[1,"two",null]}}',
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
  receivedAt,
  processedAt: null,
  ...over,
});

const succeeded = (teamId: string, receivedAt: string): InboundDeliveryData => {
  const entityId = randomUUID();
  return delivery(teamId, receivedAt, {
    status: 'succeeded',
    entityId,
    entityIds: [entityId, randomUUID()],
    entityType: 'lead',
    idempotencyKey: `evt-${randomUUID()}`,
    warnings: [{ field: 'email', value: 'ana@', reason: 'not an email address', record: 1 }],
    attempts: 2,
    processedAt: receivedAt,
  });
};

const failed = (teamId: string, receivedAt: string): InboundDeliveryData =>
  delivery(teamId, receivedAt, {
    status: 'failed',
    failure: 'refused',
    error: 'phone must include the area code',
    attempts: 1,
    processedAt: receivedAt,
  });

/** The delivery as it is once its body was dropped: everything else as it was. */
const dropped = (d: InboundDeliveryData): InboundDeliveryData => ({ ...d, rawBody: null, payload: null });

forEachBackend('InboundDeliveryRepository: dropping raw bodies past their retention', (env) => {
  let repo: InboundDeliveryRepository;
  const insertAll = async (...deliveries: InboundDeliveryData[]) => {
    for (const d of deliveries) await repo.insert(d);
  };
  const read = (d: InboundDeliveryData) => repo.findById({ teamId: d.teamId }, d.id);

  beforeEach(async () => {
    repo = env().container.get(WEBHOOK_TOKENS.InboundDeliveryRepository);
    // Every body a test before left is dropped, so that each counts only its own.
    while ((await repo.dropRawBodiesBefore(FAR_FUTURE, 1000)) > 0);
  });

  it('drops the body and its reading of deliveries received before the cutoff, oldest first, at most the limit', async () => {
    const team = randomUUID();
    const first = succeeded(team, at(1));
    const second = failed(team, at(2));
    const third = delivery(team, at(3));
    const atCutoff = delivery(team, at(10));
    const fresh = succeeded(team, at(20));
    // Written out of order: the oldest go first whatever the order they were stored in.
    await insertAll(third, fresh, second, atCutoff, first);

    expect(await repo.dropRawBodiesBefore(day(10), 2)).to.equal(2);
    expect(await read(first)).to.deep.equal(dropped(first));
    expect(await read(second)).to.deep.equal(dropped(second));
    expect(await read(third)).to.deep.equal(third);

    expect(await repo.dropRawBodiesBefore(day(10), 2)).to.equal(1);
    expect(await read(third)).to.deep.equal(dropped(third));
    // The cutoff itself and after: kept whole.
    expect(await read(atCutoff)).to.deep.equal(atCutoff);
    expect(await read(fresh)).to.deep.equal(fresh);

    // A second pass changes nothing, and counts nothing.
    expect(await repo.dropRawBodiesBefore(day(10), 2)).to.equal(0);
    expect(await read(first)).to.deep.equal(dropped(first));
    expect(await read(fresh)).to.deep.equal(fresh);
  });

  it("drops every team's old bodies by the same rule, never another field of theirs", async () => {
    const teams = [randomUUID(), randomUUID(), randomUUID()];
    const old = teams.flatMap((team, i) => [succeeded(team, at(1, i)), failed(team, at(2, i)), delivery(team, at(3, i))]);
    const fresh = teams.map((team, i) => succeeded(team, at(15, i)));
    await insertAll(...fresh, ...old);

    expect(await repo.dropRawBodiesBefore(day(10), 1000)).to.equal(old.length);
    for (const d of old) expect(await read(d)).to.deep.equal(dropped(d));
    for (const d of fresh) expect(await read(d)).to.deep.equal(d);
    // Each team reads only its own, as before.
    expect(await repo.findById({ teamId: teams[1] }, old[0].id)).to.equal(null);
    expect(await repo.dropRawBodiesBefore(day(10), 1000)).to.equal(0);
  });

  it('drops what is left of a body once: a delivery from before raw bodies were kept, one whose body could not be read', async () => {
    const team = randomUUID();
    const beforeRawBodies = succeeded(team, at(1));
    beforeRawBodies.rawBody = null;
    const unreadable = delivery(team, at(2), {
      payload: null,
      rawBody: 'name=Ana&phone=11987654321 not json',
      contentType: 'text/plain',
      bodyError: 'The body is not JSON',
      status: 'failed',
      failure: 'refused',
      error: 'The body is not JSON',
      attempts: 1,
      processedAt: at(2),
    });
    const emptyBody = delivery(team, at(3), { payload: {}, rawBody: '' });
    await insertAll(beforeRawBodies, unreadable, emptyBody);

    expect(await repo.dropRawBodiesBefore(day(10), 1000)).to.equal(3);
    expect(await read(beforeRawBodies)).to.deep.equal(dropped(beforeRawBodies));
    expect(await read(unreadable)).to.deep.equal(dropped(unreadable));
    expect(await read(emptyBody)).to.deep.equal(dropped(emptyBody));
    expect(await repo.dropRawBodiesBefore(day(10), 1000)).to.equal(0);
  });

  it('keeps finding a dropped delivery by its idempotency key, and still refuses its key again', async () => {
    const team = randomUUID();
    const first = succeeded(team, at(1));
    await insertAll(first);
    expect(await repo.dropRawBodiesBefore(day(10), 1000)).to.equal(1);
    expect(await repo.findByIdempotencyKey({ teamId: team }, first.webhookId, first.idempotencyKey!)).to.deep.equal(dropped(first));
    let error: unknown;
    await repo.insert(delivery(team, at(30), { webhookId: first.webhookId, idempotencyKey: first.idempotencyKey })).catch((e: unknown) => {
      error = e;
    });
    expect(error).to.be.instanceOf(DeliveryKeyTaken);
  });
});
