import { compileErrors, validate } from '@readme/openapi-parser';
import { expect } from 'chai';
import { forEachHttpBackend } from '../../support/http';

forEachHttpBackend('OpenAPI document', (env) => {
  it('is served without a key at /api/v1/openapi.json and is a valid OpenAPI 3.1 document', async () => {
    const res = await env().request.get('/api/v1/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.type).to.equal('application/json');
    expect(res.body.openapi).to.equal('3.1.0');
    const result = await validate(structuredClone(res.body));
    expect(result.valid, compileErrors(result)).to.equal(true);
    expect(result.warnings, JSON.stringify(result.warnings)).to.deep.equal([]);
  });

  it('describes each declared operation with its key scheme, its answers and the error envelope', async () => {
    const doc = (await env().request.get('/api/v1/openapi.json')).body;
    const create = doc.paths['/clients'].post;
    expect(create.operationId).to.equal('createClient');
    expect(create.security).to.deep.equal([{ apiKey: [] }]);
    expect(Object.keys(create.responses)).to.include.members(['201', '400', '401', '403', '422', '429', '500']);
    expect(create.responses['201'].headers).to.have.keys('Location', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset');
    expect(doc.paths['/clients/{id}'].get.parameters[0]).to.deep.include({ name: 'id', in: 'path', required: true });
    expect(doc.components.securitySchemes.apiKey).to.include({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Error.properties.error.required).to.deep.equal(['code', 'message']);
  });
});
