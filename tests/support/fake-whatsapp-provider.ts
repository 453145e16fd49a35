// A local stand-in for the WhatsApp providers, so tests run the real HTTP adapters:
//   Cloud API  POST {base}/{phone_number_id}/messages   (any path prefix, e.g. /v23.0)
//   Evolution  POST {base}/message/sendText/{instance}, /message/sendMedia/{instance}, /message/sendWhatsAppAudio/{instance}
//   media      HEAD {base}/media/{file}, answered with the headers a test set (`serveMedia`), else 404
// It records every request and can be told to answer with an error or to never answer.
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type FakeBehaviour = { kind: 'accept' } | { kind: 'fail'; status: number; body: unknown } | { kind: 'hang' };

const CLOUD = /^(?:\/[^/]+)*\/([^/]+)\/messages$/;
const EVOLUTION = /^(?:\/[^/]+)*\/message\/(sendText|sendMedia|sendWhatsAppAudio)\/([^/]+)$/;
const MEDIA_TYPES = ['image', 'video', 'audio', 'document'];

export class FakeWhatsAppProvider {
  readonly requests: RecordedRequest[] = [];
  private behaviour: FakeBehaviour = { kind: 'accept' };
  private readonly media = new Map<string, Record<string, string>>();
  private sequence = 0;

  private port = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeWhatsAppProvider> {
    const server = createServer();
    const fake = new FakeWhatsAppProvider(server);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void fake.handle(req, res));
    await new Promise<void>((resolve) => {
      server.listen(0, '127.0.0.1', resolve);
    });
    fake.port = (server.address() as AddressInfo).port;
    return fake;
  }

  /** http://127.0.0.1:<port>, without a trailing slash (still known after close). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  accept(): void {
    this.behaviour = { kind: 'accept' };
  }

  /** Every following request gets this status and body (Meta-style error by default). */
  fail(
    status = 500,
    body: unknown = { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2, fbtrace_id: 'fake' } },
  ): void {
    this.behaviour = { kind: 'fail', status, body };
  }

  /** Every following request is held open and never answered. */
  hang(): void {
    this.behaviour = { kind: 'hang' };
  }

  /**
   * Called with each Evolution send's message id and body, and awaited before the send is answered: as
   * Evolution posts its `send.message` webhook, which may reach the API before the send's own answer.
   */
  beforeEvolutionAnswer: ((id: string, body: Record<string, any>) => Promise<void>) | null = null;

  /** HEAD {url}/media/{file} answers 200 with these headers (e.g. content-type, content-length). */
  serveMedia(file: string, headers: Record<string, string>): string {
    this.media.set(`/media/${file}`, headers);
    return `${this.url}/media/${file}`;
  }

  /** The POSTs only: what was sent, without the HEADs of media links. */
  get sends(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST');
  }

  reset(): void {
    this.requests.length = 0;
    this.media.clear();
    this.beforeEvolutionAnswer = null;
    this.accept();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      // kept as text: a test may want to see what was sent
    }
    const path = (req.url ?? '/').split('?')[0];
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, body });

    if (req.method === 'HEAD') {
      const headers = this.media.get(path);
      res.writeHead(headers ? 200 : 404, headers ?? {});
      return void res.end();
    }
    const behaviour = this.behaviour;
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'fail') return send(res, behaviour.status, behaviour.body);
    if (req.method !== 'POST') return send(res, 405, { error: { message: 'Unsupported method', code: 100 } });

    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, any>;
    const evolution = EVOLUTION.exec(path);
    if (evolution) {
      if (!req.headers.apikey) return send(res, 401, { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
      const route = evolution[1];
      const valid =
        typeof b.number === 'string' &&
        (route === 'sendText'
          ? typeof b.text === 'string'
          : route === 'sendMedia'
            ? MEDIA_TYPES.includes(b.mediatype) && typeof b.media === 'string'
            : typeof b.audio === 'string');
      if (!valid) return send(res, 400, { status: 400, error: 'Bad Request', response: { message: [`${route}: missing fields`] } });
      const id = `3EB0FAKE${++this.sequence}`;
      await this.beforeEvolutionAnswer?.(id, b);
      return send(res, 201, {
        key: { remoteJid: `${b.number}@s.whatsapp.net`, fromMe: true, id },
        message: { conversation: b.text },
        messageType: 'conversation',
        messageTimestamp: Math.floor(Date.now() / 1000),
        status: 'PENDING',
      });
    }
    const cloud = CLOUD.exec(path);
    if (cloud) {
      if (!/^Bearer \S+/.test(String(req.headers.authorization ?? ''))) {
        return send(res, 401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      const content =
        b.type === 'text'
          ? typeof b.text?.body === 'string'
          : b.type === 'template'
            ? typeof b.template?.name === 'string' && typeof b.template?.language?.code === 'string'
            : MEDIA_TYPES.includes(b.type) && typeof b[b.type]?.link === 'string';
      if (b.messaging_product !== 'whatsapp' || typeof b.to !== 'string' || !content) {
        return send(res, 400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } });
      }
      return send(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: b.to, wa_id: b.to }],
        messages: [{ id: `wamid.FAKE${++this.sequence}` }],
      });
    }
    return send(res, 404, { error: { message: 'Unknown path', code: 803 } });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
