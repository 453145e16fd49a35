import { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import { Socket, createServer } from 'node:net';
import { refuseClientError } from '../adapters/http/client-errors';
import { Config } from './config';

/** What a server takes from the configuration (docs/operations.md "Configuration"). */
export type HttpServerSettings = Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs'>;

/**
 * The API's HTTP server: it knows, per connection, the responses not yet handed to the system, so it can
 * stop without cutting one (`drain`) and answer a refused request only where no response has started.
 */
/** What answers a request; it may answer a promise (Koa's callback does), which handles its own failures. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export class ApiServer extends Server {
  /** Every open connection, with its responses that have not finished (been handed whole to the system). */
  private readonly open = new Map<Socket, Set<ServerResponse>>();
  private draining = false;

  constructor(options: ServerOptions, listener: RequestHandler) {
    super(options, (req, res) => {
      this.track(req.socket, res);
      void listener(req, res);
    });
    this.on('connection', (socket: Socket) => {
      this.open.set(socket, new Set());
      socket.once('close', () => this.open.delete(socket));
    });
    this.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) =>
      refuseClientError(
        err,
        socket,
        [...(this.open.get(socket) ?? [])].some((res) => res.headersSent),
      ),
    );
  }

  /**
   * Stops accepting connections; closes the idle ones at once; lets every request in flight finish and its
   * response be sent whole, the connection closing after it; after `deadlineMs`, closes what is left.
   * Resolves, with how many connections had to be cut, once every connection is closed.
   */
  drain(deadlineMs: number): Promise<{ cut: number }> {
    this.draining = true;
    for (const responses of this.open.values()) {
      for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
    }
    return new Promise((resolve) => {
      let cut = 0;
      const deadline = setTimeout(() => {
        cut = this.open.size;
        this.closeAllConnections();
      }, deadlineMs);
      // close() also calls closeIdleConnections(), this class's.
      this.close(() => {
        clearTimeout(deadline);
        resolve({ cut });
      });
    });
  }

  /**
   * Closes the connections with no response in progress. Node's own also closes one whose response has
   * ended but is still being written out to a slow reader: a large body would be cut short.
   */
  override closeIdleConnections(): void {
    for (const [socket, responses] of this.open) if (responses.size === 0) socket.destroy();
  }

  private track(socket: Socket, res: ServerResponse): void {
    const responses = this.open.get(socket);
    if (!responses) return;
    responses.add(res);
    // Once stopping, a connection serves the request it carries and closes.
    if (this.draining) res.setHeader('Connection', 'close');
    const settle = () => {
      if (!responses.delete(res)) return;
      if (this.draining && responses.size === 0) socket.end();
    };
    res.once('finish', settle);
    res.once('close', settle);
  }
}

/** Keep-alive connections idle out well before the headers timeout, and never above Node's 5 s default. */
const keepAliveTimeoutOf = (headersTimeoutMs: number): number => Math.max(1, Math.min(5000, Math.floor(headersTimeoutMs / 2)));

/** Node checks the headers and request timeouts on an interval: often enough that a timeout is kept to within a quarter of it. */
const checkingIntervalOf = (headersTimeoutMs: number): number => Math.max(50, Math.min(1000, Math.floor(headersTimeoutMs / 4)));

/** The server `npm start` runs, with its timeouts and its answers to requests Node's parser refuses. */
export function createHttpServer(listener: RequestHandler, settings: HttpServerSettings): ApiServer {
  const server = new ApiServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      connectionsCheckingInterval: checkingIntervalOf(settings.headersTimeoutMs),
    },
    listener,
  );
  server.keepAliveTimeout = keepAliveTimeoutOf(settings.headersTimeoutMs);
  return server;
}

/**
 * Listens on `port` and `host` and closes again: the error a server would meet there (the port is taken,
 * the host is not this machine's), or `undefined` when it could listen. The cluster primary asks before it
 * forks workers, which would otherwise each fail the same way, later and later, before it gave up.
 */
export function listenError(port: number, host: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err));
    probe.listen(port, host, () => probe.close(() => resolve(undefined)));
  });
}
