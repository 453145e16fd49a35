// The answers to query parameters, as clients get them: a bad value is 400 (422 on the lead list's
// filters) naming the parameter, with one message per kind of value; a parameter sent twice counts by
// its last value, an empty one as absent; the first bad parameter in the order the operation declares
// them is the one answered. Pinned here so that how the parameters are declared can change freely.
import { expect } from 'chai';
import { forEachHttpBackend } from '../../support/http';

const UUID = '0190a000-0000-7000-8000-00000000abcd';
const LONG = 'a'.repeat(201);

forEachHttpBackend('Query parameters', (env) => {
  const setup = async () => {
    const team = await env().team();
    const project = (await env().request.post('/api/v1/projects').set(team.auth).send({ name: 'Consultas' }).expect(201)).body.data.id;
    const deal = (await env().request.post('/api/v1/deals').set(team.auth).send({ title: 'Site', value: 10 }).expect(201)).body.data.id;
    const get = (path: string) => env().request.get(`/api/v1${path}`).set(team.auth);
    return { team, project, deal, get };
  };

  /** `[path with query, status, code, message, field]` */
  type Refusal = [string, number, string, string, string];

  const expectRefused = async (get: (path: string) => Promise<{ status: number; body: any }>, cases: Refusal[]) => {
    for (const [path, status, code, message, field] of cases) {
      const res = await get(path);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).to.equal(status);
      // A 400 lists its problems too (here the one); a 404 or a 422 names the field alone.
      const details = status === 400 ? { field, errors: [{ field, message }] } : { field };
      expect(res.body, path).to.deep.equal({ success: false, error: { code, message, details } });
    }
  };

  const expectAnswered = async (get: (path: string) => Promise<{ status: number; body: any }>, paths: string[]) => {
    for (const path of paths) {
      const res = await get(path);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).to.equal(200);
    }
  };

  it('refuses a bad filter of GET /deals naming it, with one message per kind of value', async () => {
    const { get } = await setup();
    const bad = (message: string, field: string): [number, string, string, string] => [400, 'VALIDATION_ERROR', message, field];
    await expectRefused(get, [
      ['/deals?min_value=abc', ...bad('min_value must be a number', 'min_value')],
      ['/deals?max_value=Infinity', ...bad('max_value must be a number', 'max_value')],
      ['/deals?max_value=NaN', ...bad('max_value must be a number', 'max_value')],
      ['/deals?from=2024-02-30', ...bad('from must be a date YYYY-MM-DD', 'from')],
      ['/deals?from=2024-1-01', ...bad('from must be a date YYYY-MM-DD', 'from')],
      ['/deals?to=0000-01-01', ...bad('to must be a date from 0001-01-01 to 9999-12-31', 'to')],
      ['/deals?client_id=nope', ...bad('client_id must be a UUID', 'client_id')],
      [`/deals?lead_id=urn:uuid:${UUID}`, ...bad('lead_id must be a UUID', 'lead_id')],
      ['/deals?responsible_id=123', ...bad('responsible_id must be a UUID', 'responsible_id')],
      ['/deals?project_id=x', ...bad('project_id must be a UUID', 'project_id')],
      [`/deals?status=${LONG}`, ...bad('status must be at most 200 characters long', 'status')],
      [`/deals?source=${encodeURIComponent('😀'.repeat(201))}`, ...bad('source must be at most 200 characters long', 'source')],
      [`/deals?search=${LONG}`, ...bad('search must be at most 200 characters long', 'search')],
      ['/deals?page=0', ...bad('page must be a whole number from 1', 'page')],
      ['/deals?page=1e3', ...bad('page must be a whole number from 1', 'page')],
      ['/deals?limit=101', ...bad('limit must be a whole number from 1 to 100', 'limit')],
      ['/deals?page=9007199254740991&limit=100', ...bad('page is too large', 'page')],
      [
        '/deals?sort=name',
        ...bad('sort must be one of: title, value, phase, created_at, updated_at, expected_close_date (prefix - for descending)', 'sort'),
      ],
      // The first bad one in the declared order (page, limit, sort, search, then the filters), whatever the order sent.
      ['/deals?from=bad&min_value=abc', ...bad('min_value must be a number', 'min_value')],
      ['/deals?to=bad&project_id=x&page=0', ...bad('page must be a whole number from 1', 'page')],
      ['/deals?to=bad&from=0000-01-01', ...bad('from must be a date from 0001-01-01 to 9999-12-31', 'from')],
      // The last of a repeated parameter counts.
      ['/deals?min_value=5&min_value=abc', ...bad('min_value must be a number', 'min_value')],
      [`/deals?project_id=${UUID}`, 404, 'NOT_FOUND', 'Project not found', 'project_id'],
    ]);
  });

  it('reads the values of GET /deals as the filters mean them', async () => {
    const { get, deal } = await setup();
    await expectAnswered(get, [
      '/deals?min_value=abc&min_value=5',
      '/deals?min_value=&from=&client_id=',
      '/deals?min_value=1e1&max_value=%2010%20&from=2024-02-29&to=9999-12-31',
      `/deals?source=${encodeURIComponent('😀'.repeat(200))}`,
    ]);
    const ids = async (query: string) => (await get(`/deals?${query}`)).body.data.map((d: { id: string }) => d.id);
    expect(await ids('min_value=10&max_value=0x10')).to.deep.equal([deal]);
    expect(await ids('min_value=10.5')).to.deep.equal([]);
    expect(await ids('min_value=1e1')).to.deep.equal([deal]);
  });

  it('refuses a bad scope of GET /deals/{id} naming it', async () => {
    const { get, deal } = await setup();
    await expectRefused(get, [[`/deals/${deal}?pipeline_id=x`, 400, 'VALIDATION_ERROR', 'pipeline_id must be a UUID', 'pipeline_id']]);
    await expectAnswered(get, [`/deals/${deal}?project_id=`]);
  });

  it('refuses a value outside a closed list, as each list says it', async () => {
    const { get } = await setup();
    const bad = (message: string, field: string): [number, string, string, string] => [400, 'VALIDATION_ERROR', message, field];
    await expectRefused(get, [
      ['/clients?type=XX', ...bad('type must be one of: PF, PJ', 'type')],
      ['/clients?status=gone', ...bad('status must be one of: active, inactive', 'status')],
      ['/projects?status=done', ...bad('status must be one of: backlog, active, paused, completed, cancelled', 'status')],
      ['/projects?priority=top', ...bad('priority must be one of: low, medium, high, urgent', 'priority')],
      ['/projects?squad_id=x', ...bad('squad_id must be a UUID', 'squad_id')],
      // Checked by the use case, in its own words.
      ['/tasks?priority=top', ...bad('priority must be one of none, low, medium, high, urgent', 'priority')],
      [`/tasks?column=${LONG}`, ...bad('column must be at most 200 characters long', 'column')],
      ['/tasks?assignee_id=x', ...bad('assignee_id must be a UUID', 'assignee_id')],
      ['/campaigns?status=gone', ...bad('status must be one of draft, active, paused, completed', 'status')],
      ['/campaigns?project_id=x', ...bad('project_id must be a UUID', 'project_id')],
      ['/activities?deal_id=x', ...bad('deal_id must be a UUID', 'deal_id')],
      ['/webhooks?active=yes', ...bad('active must be true or false', 'active')],
      [`/whatsapp/contacts?tag=${LONG}`, ...bad('tag must be at most 200 characters long', 'tag')],
      ['/whatsapp/conversations?inbox_id=x', ...bad('inbox_id must be a UUID', 'inbox_id')],
      ['/whatsapp/conversations?updated_since=yesterday', ...bad('updated_since must be an ISO 8601 timestamp', 'updated_since')],
    ]);
  });

  it('takes any value where a list says an unlisted one applies no filter', async () => {
    const { get } = await setup();
    await expectAnswered(get, [
      '/activities?type=bogus',
      '/activities?completed=maybe',
      '/activities?sort=bogus',
      '/campaigns?status=archived',
      '/campaigns?sort=-bogus',
      `/activities?type=${'x'.repeat(300)}`,
      '/webhooks?active=true&active=false',
    ]);
  });

  it('refuses a bad is_active or company_id of a lead list with 422, a bad page with 400', async () => {
    const { get, project } = await setup();
    await expectRefused(get, [
      [`/projects/${project}/leads?is_active=yes`, 422, 'VALIDATION_ERROR', 'is_active must be true or false', 'is_active'],
      [`/projects/${project}/leads?company_id=x`, 422, 'VALIDATION_ERROR', 'company_id must be a UUID', 'company_id'],
      [`/projects/${project}/leads?company_id=x&page=0`, 400, 'VALIDATION_ERROR', 'page must be a whole number from 1', 'page'],
      [`/projects/${project}/leads?company_id=${UUID}`, 404, 'NOT_FOUND', 'Company not found', 'company_id'],
    ]);
  });
});
