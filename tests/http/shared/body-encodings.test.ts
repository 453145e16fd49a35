import { expect } from 'chai';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { forEachHttpBackend } from '../../support/http';

const CLIENT = Buffer.from(JSON.stringify({ name: 'Conceição Araújo', type: 'PF' }));

forEachHttpBackend('Compressed JSON bodies', (env) => {
  const post = async (body: Buffer, encoding: string) => {
    const team = await env().team();
    return (
      env()
        .request.post('/api/v1/clients')
        .set(team.auth)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        // As sent, bytes included: superagent would otherwise serialize a Buffer sent as JSON.
        .serialize((b: unknown) => b as string)
        .send(body as unknown as string)
    );
  };

  for (const [encoding, compress] of [
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const) {
    it(`reads a ${encoding} body`, async () => {
      const res = await post(compress(CLIENT), encoding);
      expect(res.status).to.equal(201);
      expect(res.body.data.name).to.equal('Conceição Araújo');
    });

    it(`answers 400 in the envelope when a body said to be ${encoding} is not`, async () => {
      const res = await post(CLIENT, encoding);
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      expect(res.body.error.message).to.match(/decompress/);
    });
  }

  it('answers 400 on a gzip body cut short', async () => {
    const res = await post(gzipSync(CLIENT).subarray(0, 12), 'gzip');
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('VALIDATION_ERROR');
  });

  it('answers 415 naming the encoding it does not read', async () => {
    const res = await post(CLIENT, 'zstd');
    expect(res.status).to.equal(415);
    expect(res.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.error.message).to.contain('zstd');
  });
});

forEachHttpBackend('Bodies in another content type', (env) => {
  it('answers 415 naming JSON for a body that is not sent as JSON, instead of reading it as no body', async () => {
    const team = await env().team();
    const text = JSON.stringify({ name: 'JOÃO DA SILVA', type: 'PF' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await env().request.post('/api/v1/clients').set(team.auth).set('Content-Type', type).send(text);
      expect(res.status, type).to.equal(415);
      expect(res.body.error, type).to.deep.equal({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' });
    }
    const list = await env().request.get('/api/v1/clients').set(team.auth);
    expect(list.body.data).to.deep.equal([]);
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json']) {
      const res = await env().request.post('/api/v1/clients').set(team.auth).set('Content-Type', type).send(text);
      expect(res.status, type).to.equal(201);
      expect(res.body.data.name).to.equal('JOÃO DA SILVA');
    }
  });

  it('documents 415 on every operation that takes a body', async () => {
    const doc = (await env().request.get('/api/v1/openapi.json')).body;
    expect(doc.paths['/clients'].post.responses).to.have.property('415');
    expect(doc.paths['/deals/{id}'].put.responses).to.have.property('415');
    expect(doc.paths['/clients'].get.responses).to.not.have.property('415');
  });
});
