// Query parameters declared as TypeBox schemas (adapters/http/shared/query.ts): one declaration gives the
// parameters of the document and the reader of the request, so the two cannot say different things.
import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { Q, queryParameters, queryReader } from '../../../adapters/http/shared/query';
import { Ctx } from '../../../adapters/http/shared/params';
import { R } from '../../../adapters/http/shared/documented';

const QUERY = Type.Object({
  project_id: Q.uuid('The project.'),
  status: Q.text(),
  min_value: Q.number('Value greater than or equal.'),
  from: Q.date('Created on or after this day.'),
  active: Q.boolean(),
  type: Q.oneOf(['PF', 'PJ'] as const),
  kind: Q.asSent(R.enumOf(['call', 'email']), 'An unlisted value applies no filter.'),
  company_id: Q.unprocessable(Q.uuid()),
});

const UUID = '0190A000-0000-7000-8000-00000000ABCD';

/** A request context with this query string, as Koa parses it. */
const ctxOf = (query: Record<string, string | string[]>): Ctx => ({ query }) as unknown as Ctx;

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (e) {
    const err = e as { constructor: { name: string }; message: string; details?: { field?: string } };
    return [err.constructor.name, err.message, err.details?.field];
  }
  return null;
};

describe('Query parameters declared as schemas', () => {
  const read = queryReader(QUERY);

  it('document each parameter in the declared order, its description on the parameter and its schema as checked', () => {
    expect(queryParameters(QUERY)).to.deep.equal([
      { name: 'project_id', in: 'query', schema: { type: 'string', format: 'uuid' }, description: 'The project.' },
      { name: 'status', in: 'query', schema: { type: 'string', maxLength: 200 } },
      { name: 'min_value', in: 'query', schema: { type: 'number' }, description: 'Value greater than or equal.' },
      { name: 'from', in: 'query', schema: { type: 'string', format: 'date' }, description: 'Created on or after this day.' },
      { name: 'active', in: 'query', schema: { type: 'boolean' } },
      { name: 'type', in: 'query', schema: { type: 'string', enum: ['PF', 'PJ'] } },
      {
        name: 'kind',
        in: 'query',
        schema: { type: 'string', enum: ['call', 'email'] },
        description: 'An unlisted value applies no filter.',
      },
      { name: 'company_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
    ]);
    // The document is JSON: the schemas carry nothing else.
    expect(JSON.parse(JSON.stringify(queryParameters(QUERY)))).to.deep.equal(queryParameters(QUERY));
  });

  it('reads each value as its type, named in camelCase, the last of a repeated one, an empty one as absent', () => {
    expect(
      read(
        ctxOf({
          project_id: UUID,
          status: ['old', 'ativo'],
          min_value: ' 1e3 ',
          from: '2024-02-29',
          active: 'false',
          type: 'PJ',
          kind: 'anything',
          company_id: '',
        }),
      ),
    ).to.deep.equal({
      projectId: UUID.toLowerCase(),
      status: 'ativo',
      minValue: 1000,
      from: '2024-02-29',
      active: false,
      type: 'PJ',
      kind: 'anything',
    });
    expect(read(ctxOf({ foo: 'bar' }))).to.deep.equal({});
  });

  it('refuses the first bad parameter in the declared order, saying what it accepts', () => {
    const cases: [Record<string, string | string[]>, [string, string, string]][] = [
      [{ project_id: 'x' }, ['ValidationFailed', 'project_id must be a UUID', 'project_id']],
      [{ project_id: `urn:uuid:${UUID}` }, ['ValidationFailed', 'project_id must be a UUID', 'project_id']],
      [{ status: 'é'.repeat(201) }, ['ValidationFailed', 'status must be at most 200 characters long', 'status']],
      [{ min_value: 'Infinity' }, ['ValidationFailed', 'min_value must be a number', 'min_value']],
      [{ min_value: ['abc'] }, ['ValidationFailed', 'min_value must be a number', 'min_value']],
      [{ from: '2023-02-29' }, ['ValidationFailed', 'from must be a date YYYY-MM-DD', 'from']],
      [{ from: '0000-01-01' }, ['ValidationFailed', 'from must be a date from 0001-01-01 to 9999-12-31', 'from']],
      [{ active: 'yes' }, ['ValidationFailed', 'active must be true or false', 'active']],
      [{ type: 'pf' }, ['ValidationFailed', 'type must be one of: PF, PJ', 'type']],
      [{ company_id: 'x' }, ['Unprocessable', 'company_id must be a UUID', 'company_id']],
      [{ type: 'pf', min_value: 'x', from: 'y' }, ['ValidationFailed', 'min_value must be a number', 'min_value']],
    ];
    for (const [query, expected] of cases)
      expect(
        refusal(() => read(ctxOf(query))),
        JSON.stringify(query),
      ).to.deep.equal(expected);
    expect(refusal(() => read(ctxOf({ status: '😀'.repeat(200) })))).to.equal(null);
  });
});
