// Raw sockets for the process tests: what a client that is slow, malformed or never reads does to the server.
import { connect, createServer, Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The first HTTP/1.1 response in `raw` (its body delimited by Content-Length), or null when it is not complete. */
export function parseResponse(raw: Buffer): RawResponse | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length']);
  if (!Number.isInteger(length) || raw.length < end + 4 + length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.subarray(end + 4, end + 4 + length) };
}

/** A connected socket that keeps every byte it receives and says when the server closed it. */
export class RawClient {
  readonly received: Buffer[] = [];
  readonly closed: Promise<number>;
  private readonly startedAt = Date.now();

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => this.received.push(chunk));
    socket.on('error', () => undefined); // a reset is a close, seen through `closed`
    // The time, since the socket connected, at which the server closed it.
    this.closed = new Promise((resolve) => socket.once('close', () => resolve(Date.now() - this.startedAt)));
  }

  static open(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.off('error', reject);
        resolve(new RawClient(socket));
      });
      socket.once('error', reject);
    });
  }

  send(text: string | Buffer): this {
    this.socket.write(text);
    return this;
  }

  bytes(): Buffer {
    return Buffer.concat(this.received);
  }

  response(): RawResponse | null {
    return parseResponse(this.bytes());
  }

  /** Waits for a complete first response. */
  async nextResponse(timeoutMs = 5000): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = this.response();
      if (r) return r;
      if (Date.now() > deadline) throw new Error(`no complete response in ${timeoutMs} ms; got ${this.bytes().length} bytes`);
      await sleep(10);
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on now: a throwaway server is given one by the system and closed. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Whether a new connection to the port is refused (rather than accepted). */
export const refuses = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
