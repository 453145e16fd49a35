// A TCP proxy in the test process, between the API nodes and Redis: cutting it is a Redis outage for the
// nodes alone, while the machine's Redis keeps serving every other suite.
import { AddressInfo, Server, Socket, connect, createServer } from 'node:net';

export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private constructor(
    private readonly target: { host: string; port: number },
    private portNumber: number,
  ) {}

  /** Listens on a port of its own choosing and forwards every connection to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.listen();
    return proxy;
  }

  get port(): number {
    return this.portNumber;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.portNumber}`;
  }

  /** The outage: no connection is accepted any more, and every open one is cut. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Accepts connections again, on the same port. */
  async restore(): Promise<void> {
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }

  private listen(): Promise<void> {
    const server = createServer((client) => this.forward(client));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.portNumber, '127.0.0.1', () => {
        server.off('error', reject);
        this.portNumber = (server.address() as AddressInfo).port;
        this.server = server;
        resolve();
      });
    });
  }

  private forward(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        this.sockets.delete(socket);
        other.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
