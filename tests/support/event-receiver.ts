// A subscriber's endpoint on 127.0.0.1 for tests that run real server processes: every request is recorded
// and verified with the `standardwebhooks` package (never with the project's signing code), and answered
// 200 at once, or after `answerAfterMs` (a slow receiver), or held unanswered until `release()`.
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Receipt {
  /** The `webhook-id` header. */
  webhookId: string;
  /** When the whole request had arrived (Date.now() of the test process). */
  at: number;
  /** The body's `id`, `type` and record id. */
  event: { id: string; type: string; created_at: string; data: { object: { id: string } & Record<string, unknown> } };
  /** Why it did not verify, or null when it did. */
  unverified: string | null;
  /** Whether it has been answered (200), and whether its sender went away first. */
  answered: boolean;
  abandoned: boolean;
}

export class EventReceiver {
  readonly receipts: Receipt[] = [];
  /** The secret deliveries are verified with: set once the subscription is made. */
  secret: string | undefined;
  private holding: boolean;
  private readonly answerAfterMs: number;
  private readonly held: { receipt: Receipt; res: ServerResponse }[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(options: { hold?: boolean; answerAfterMs?: number } = {}) {
    this.holding = options.hold ?? false;
    this.answerAfterMs = options.answerAfterMs ?? 0;
  }

  /** Starts listening (on `port` when given) and returns the URL to subscribe. */
  async start(port = 0): Promise<string> {
    const server = createServer((req, res) => this.take(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  }

  private take(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      };
      let unverified: string | null = null;
      try {
        if (!this.secret) throw new Error('no secret to verify with');
        new Webhook(this.secret).verify(body, headers);
      } catch (err) {
        unverified = String(err);
      }
      let event: Receipt['event'];
      try {
        event = JSON.parse(body);
      } catch {
        event = { id: '', type: '', created_at: '', data: { object: { id: '' } } };
        unverified ??= 'the body is not JSON';
      }
      const receipt: Receipt = { webhookId: headers['webhook-id'], at: Date.now(), event, unverified, answered: false, abandoned: false };
      this.receipts.push(receipt);
      res.on('error', () => undefined);
      res.once('close', () => {
        if (!receipt.answered) receipt.abandoned = true;
      });
      if (this.holding) this.held.push({ receipt, res });
      else if (this.answerAfterMs > 0) setTimeout(() => this.answer(receipt, res), this.answerAfterMs);
      else this.answer(receipt, res);
    });
  }

  private answer(receipt: Receipt, res: ServerResponse): void {
    if (res.destroyed || res.socket?.destroyed !== false) {
      receipt.abandoned = true;
      return;
    }
    receipt.answered = true;
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('ok');
  }

  /** The requests held, not answered yet, whose sender is still connected. */
  waiting(): Receipt[] {
    return this.held.filter((h) => !h.receipt.answered && !h.receipt.abandoned).map((h) => h.receipt);
  }

  /** Answers 200 to every request held, and to every later one at once. */
  release(): void {
    this.holding = false;
    for (const { receipt, res } of this.held.splice(0)) this.answer(receipt, res);
  }

  /** Receipts by webhook-id. */
  byId(): Map<string, Receipt[]> {
    const map = new Map<string, Receipt[]>();
    for (const r of this.receipts) map.set(r.webhookId, [...(map.get(r.webhookId) ?? []), r]);
    return map;
  }

  /** Stops listening, dropping whatever connection is still open. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
