import { expect } from 'chai';
import { AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';
import { refuseClientError } from '../../adapters/http/client-errors';
import { loadConfig } from '../../bootstrap/config';
import { buildRuntime, Runtime } from '../../bootstrap/container';
import { buildHttpApp } from '../../bootstrap/http';
import { ApiServer, createHttpServer } from '../../bootstrap/http-server';
import { RawClient, RawResponse } from './raw-http';

/** What Node's parser refuses (before the app sees a request) still leaves in the API's envelope. */
describe('HTTP server: requests Node refuses before the app', function () {
  const HEADERS_TIMEOUT_MS = 300;
  let runtime: Runtime;
  let server: ApiServer;
  let port: number;

  before(async () => {
    const config = loadConfig({ DATABASE_URL: 'memory:', HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), LOG_LEVEL: 'silent' });
    runtime = buildRuntime(config);
    server = createHttpServer(buildHttpApp(runtime).callback(), config);
    await new Promise<void>((resolve) => {
      server.listen(0, '127.0.0.1', resolve);
    });
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await server.drain(0);
    await runtime.close();
  });

  /** A complete response that closes the connection, its body the error envelope. */
  const expectRefusal = async (client: RawClient, status: number, code: string): Promise<RawResponse> => {
    await client.closed;
    const r = client.response();
    expect(r, client.bytes().toString('latin1')).to.not.equal(null);
    expect(r!.status).to.equal(status);
    expect(r!.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(r!.headers.connection).to.equal('close');
    const body = JSON.parse(r!.body.toString('utf8'));
    expect(body).to.have.keys('success', 'error');
    expect(body.success).to.equal(false);
    expect(body.error.code).to.equal(code);
    expect(body.error.message).to.be.a('string').and.not.equal('');
    return r!;
  };

  it('answers headers over 16 KB with 431', async () => {
    const client = (await RawClient.open(port)).send(`GET /api/v1/clients HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    await expectRefusal(client, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
  });

  it('answers a malformed header line with 400', async () => {
    const client = (await RawClient.open(port)).send('GET /api/v1/clients HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n');
    await expectRefusal(client, 400, 'VALIDATION_ERROR');
  });

  it('answers a malformed request line with 400', async () => {
    const client = (await RawClient.open(port)).send('GET /api/v1/clients HTTP/9.x\r\nHost: x\r\n\r\n');
    await expectRefusal(client, 400, 'VALIDATION_ERROR');
  });

  it('disconnects a client that does not finish its headers in time, with 408', async () => {
    const client = (await RawClient.open(port)).send('GET /api/v1/clients HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    await expectRefusal(client, 408, 'REQUEST_TIMEOUT');
    const closedAfter = await client.closed;
    expect(closedAfter)
      .to.be.at.least(HEADERS_TIMEOUT_MS - 50)
      .and.below(HEADERS_TIMEOUT_MS + 2500);
  });

  it('answers on a keep-alive connection whose previous response was sent whole', async () => {
    const client = (await RawClient.open(port)).send('GET /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n');
    const first = await client.nextResponse();
    expect(first.status).to.equal(200);
    client.received.length = 0;
    client.send(`GET /api/v1/clients HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    await expectRefusal(client, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
  });

  it('keeps an idle keep-alive connection shorter than the headers timeout', () => {
    expect(server.headersTimeout).to.equal(HEADERS_TIMEOUT_MS);
    expect(server.requestTimeout).to.equal(30000);
    expect(server.keepAliveTimeout).to.be.above(0).and.below(HEADERS_TIMEOUT_MS);
  });
});

describe('HTTP server: a refused request where no answer can be written', () => {
  /** A connection that records what is written to it. */
  const connection = () => {
    const written: string[] = [];
    const socket = new Duplex({
      read() {},
      write(chunk, _enc, done) {
        written.push(String(chunk));
        done();
      },
    });
    return { socket, written };
  };
  const parseError = Object.assign(new Error('Parse Error: Invalid header value char'), { code: 'HPE_INVALID_HEADER_TOKEN' });

  it('only closes a connection whose response already started: more bytes would corrupt it', () => {
    const { socket, written } = connection();
    refuseClientError(parseError, socket, true);
    expect(socket.destroyed).to.equal(true);
    expect(written).to.deep.equal([]);
  });

  it('only closes a connection the client reset, or one no longer writable', () => {
    const reset = connection();
    refuseClientError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), reset.socket, false);
    expect(reset.socket.destroyed).to.equal(true);
    expect(reset.written).to.deep.equal([]);

    const ended = connection();
    ended.socket.end();
    ended.written.length = 0;
    refuseClientError(parseError, ended.socket, false);
    expect(ended.socket.destroyed).to.equal(true);
    expect(ended.written).to.deep.equal([]);
  });
});
