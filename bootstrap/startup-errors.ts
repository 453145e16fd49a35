/**
 * The errors an operator meets when a process starts, said in one line that names what is wrong and what
 * to do, instead of a driver's stack trace. Each function answers `undefined` for an error it does not
 * know: that one is a fault, and its caller shows the stack.
 */

/** Where a server listens (Config's `port` and `host`). */
export interface ListenAddress {
  port: number;
  host: string;
}

/** Why a server could not listen, in words that say what to change. */
export function listenFailure(err: NodeJS.ErrnoException, { port, host }: ListenAddress): string {
  const where = `Port ${port} on ${host}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return `${where} is in use: stop what listens there or set PORT.`;
    case 'EACCES':
      return `${where} needs privileges this process lacks: set PORT above 1023.`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all of them.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} does not resolve (${err.code}): set HOST to an address of this machine.`;
    default:
      return `Cannot listen on port ${port} on ${host}: ${err.message}`;
  }
}

/** The fields of a driver's or Node's error that say what failed. */
interface Coded {
  code?: unknown;
  message?: unknown;
  syscall?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * The first error with a code in `err` and what wraps: Knex puts the driver's error in `cause` (a timeout
 * acquiring a connection), Node an error per address of the host in an AggregateError's `errors`.
 */
function codedError(err: unknown, depth = 0): { code: string; message: string; syscall?: unknown } | undefined {
  if (typeof err !== 'object' || err === null || depth > 4) return undefined;
  const e = err as Coded;
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const found = codedError(inner, depth + 1);
      if (found) return found;
    }
  }
  if (typeof e.code === 'string') return { code: e.code, message: typeof e.message === 'string' ? e.message : '', syscall: e.syscall };
  return codedError(e.cause, depth + 1);
}

/** A word the shell reads as itself, quoted when it holds anything else. */
const shellWord = (word: string): string => (/^[A-Za-z0-9_.,:/@%+=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** Where a PostgreSQL URL points, as far as the URL says (`pg` fills the rest from PG* variables and the defaults). */
function pgTarget(databaseUrl: string): { host: string; port: string; user?: string; database?: string } {
  const url = new URL(databaseUrl);
  // An IPv6 address comes in brackets, which createdb's -h does not take.
  const host = decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1') || url.searchParams.get('host') || 'localhost';
  const port = url.port || '5432';
  const user = decodeURIComponent(url.username) || undefined;
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined;
  return { host, port, user, database };
}

/** What PostgreSQL or the way to it answered when the API would connect, for the operator. */
function postgresFailure(code: string, message: string, databaseUrl: string): string | undefined {
  const { host, port, user, database } = pgTarget(databaseUrl);
  const where = `${host}:${port}`;
  switch (code) {
    case '3D000': {
      // invalid_catalog_name: the server answers, the database is not there.
      // The server names the database it looked for; the URL may leave it to pg's default (the user's name).
      const name = /database "(.*)" does not exist/.exec(message)?.[1] ?? database ?? '<name>';
      const command = ['createdb', '-h', host, '-p', port, ...(user ? ['-U', user] : []), name].map(shellWord).join(' ');
      return `Database "${name}" does not exist on ${where}. Create it with: ${command}`;
    }
    case '28P01': // invalid_password
    case '28000': // invalid_authorization_specification: no such role, or pg_hba.conf has no line for it
      return `PostgreSQL on ${where} refused ${user ? `user "${user}"` : 'the connection'}: ${message}. Check the user and password in DATABASE_URL.`;
    case '57P03': // cannot_connect_now: starting up, shutting down, in recovery
      return `PostgreSQL on ${where} is not taking connections: ${message}. Try again in a moment.`;
    case '53300': // too_many_connections
      return `PostgreSQL on ${where} has no connection left: ${message}. Lower DATABASE_POOL_MAX or WEB_CONCURRENCY, or raise max_connections.`;
    case 'ECONNREFUSED':
      return `Cannot connect to PostgreSQL on ${where} (connection refused): start it, or set DATABASE_URL to where it runs.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot connect to PostgreSQL: the host "${host}" does not resolve (${code}). Check DATABASE_URL.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Cannot connect to PostgreSQL on ${where} (${code}): check DATABASE_URL and that the network lets this machine reach it.`;
    default:
      return undefined;
  }
}

/** What SQLite answered when the API would open its file, for the operator. */
function sqliteFailure({ code, message, syscall }: { code: string; message: string; syscall?: unknown }, file: string): string | undefined {
  switch (code) {
    case 'SQLITE_CANTOPEN':
      return `Cannot open the SQLite file ${file} (${message}): check that its directory exists and this user may write there, or set DATABASE_URL.`;
    case 'SQLITE_NOTADB':
      return `The file ${file} is not a SQLite database: set DATABASE_URL to another file.`;
    case 'SQLITE_READONLY':
      return `The SQLite file ${file} is read-only to this user: give it write access, or set DATABASE_URL to another file.`;
    case 'EACCES':
    case 'EROFS':
      // Making the file's directory (bootstrap/container.ts), not listening: that one has its own line.
      if (syscall !== 'mkdir' && syscall !== 'open') return undefined;
      return `Cannot create the SQLite file ${file} (${code}): this user may not write to its directory. Set DATABASE_URL to a file in one it may.`;
    default:
      return undefined;
  }
}

/**
 * The line that explains why the database of `databaseUrl` could not be reached or opened (it does not
 * exist, nothing listens, the user is refused), or `undefined` for any other error. Never repeats the URL,
 * whose password it would show.
 */
export function databaseFailure(err: unknown, databaseUrl: string): string | undefined {
  const found = codedError(err);
  if (!found) return undefined;
  try {
    if (/^postgres(ql)?:\/\//.test(databaseUrl)) return postgresFailure(found.code, found.message, databaseUrl);
    if (databaseUrl.startsWith('sqlite:')) return sqliteFailure(found, databaseUrl.slice('sqlite:'.length));
  } catch {
    // A URL that cannot be read again (a malformed escape): the error keeps its stack rather than hiding it.
  }
  return undefined;
}
