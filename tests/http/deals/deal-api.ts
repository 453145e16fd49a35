import { HttpEnv, TestTeam } from '../../support/http';

/** The deal routes for one team, as the tests call them. */
export const dealApi = (env: () => HttpEnv, t: TestTeam) => ({
  create: (body: object, key?: string) => {
    const r = env().request.post('/api/v1/deals').set(t.auth);
    return (key === undefined ? r : r.set('Idempotency-Key', key)).send(body);
  },
  get: (id: string, query = '') => env().request.get(`/api/v1/deals/${id}${query}`).set(t.auth),
  put: (id: string, body: unknown) =>
    env()
      .request.put(`/api/v1/deals/${id}`)
      .set(t.auth)
      .send(body as object),
  del: (id: string) => env().request.delete(`/api/v1/deals/${id}`).set(t.auth),
  list: (query = '') => env().request.get(`/api/v1/deals${query}`).set(t.auth),
  client: async (name: string) =>
    (await env().request.post('/api/v1/clients').set(t.auth).send({ name, type: 'PF' })).body.data.id as string,
});
