import { expect } from 'chai';
import { Client, DatabaseError } from 'pg';
import { KnexTimeoutError } from 'knex';
import { databaseFailure, listenFailure } from '../../../bootstrap/startup-errors';
import { freePort } from '../../process/raw-http';

/** An error as PostgreSQL sends it, the way `pg` hands it over. */
const pgError = (code: string, message: string): DatabaseError => {
  const err = new DatabaseError(message, message.length, 'error');
  err.code = code;
  err.severity = 'FATAL';
  return err;
};

/** An error of Node's sockets or resolver, with the fields Node gives it. */
const systemError = (code: string, message: string, extra: Record<string, unknown> = {}): NodeJS.ErrnoException =>
  Object.assign(new Error(message), { code, syscall: 'connect', ...extra });

const PG = 'postgres://postgres@127.0.0.1:5432/nosuchdb';

describe('Start-up errors: the database', () => {
  it('names a missing database, where it was looked for, and the command that creates it', () => {
    expect(databaseFailure(pgError('3D000', 'database "nosuchdb" does not exist'), PG)).to.equal(
      'Database "nosuchdb" does not exist on 127.0.0.1:5432. Create it with: createdb -h 127.0.0.1 -p 5432 -U postgres nosuchdb',
    );
  });

  it('writes the command for the URL as given: its port, its user, and a name the shell must see quoted', () => {
    expect(
      databaseFailure(
        pgError('3D000', 'database "agência pão" does not exist'),
        'postgresql://joão:s3cr3t@db.local:6543/ag%C3%AAncia%20p%C3%A3o',
      ),
    ).to.equal(
      `Database "agência pão" does not exist on db.local:6543. Create it with: createdb -h db.local -p 6543 -U 'joão' 'agência pão'`,
    );
    expect(databaseFailure(pgError('3D000', 'database "vendas" does not exist'), 'postgres://localhost/vendas')).to.equal(
      'Database "vendas" does not exist on localhost:5432. Create it with: createdb -h localhost -p 5432 vendas',
    );
  });

  it("takes the database's name from the server when the URL leaves it out, and an IPv6 host without brackets", () => {
    expect(databaseFailure(pgError('3D000', 'database "vendedor" does not exist'), 'postgres://vendedor@[::1]:5433')).to.equal(
      'Database "vendedor" does not exist on ::1:5433. Create it with: createdb -h ::1 -p 5433 -U vendedor vendedor',
    );
  });

  it('never repeats the password of the URL', () => {
    const url = 'postgres://app:Segredo%21123@127.0.0.1:5432/crm';
    const errors = [
      pgError('3D000', 'database "crm" does not exist'),
      pgError('28P01', 'password authentication failed for user "app"'),
      systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
    ];
    for (const err of errors) {
      const line = databaseFailure(err, url)!;
      expect(line, err.message).to.be.a('string');
      expect(line).to.not.match(/Segredo/);
    }
  });

  it('says nothing listens on the host and port when the connection is refused, from the error pg really gives', async () => {
    const port = await freePort();
    const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/crm` });
    const err = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(databaseFailure(err, `postgres://postgres@127.0.0.1:${port}/crm`)).to.equal(
      `Cannot connect to PostgreSQL on 127.0.0.1:${port} (connection refused): start it, or set DATABASE_URL to where it runs.`,
    );
  });

  it('reads a refusal wrapped by Node (one per address of the host) or by Knex (its cause)', () => {
    const refused = (address: string) => systemError('ECONNREFUSED', `connect ECONNREFUSED ${address}:5432`, { address, port: 5432 });
    const aggregate = Object.assign(new AggregateError([refused('::1'), refused('127.0.0.1')], ''), { code: 'ECONNREFUSED' });
    const timeout = Object.assign(new KnexTimeoutError('Knex: Timeout acquiring a connection.'), { cause: refused('127.0.0.1') });
    const url = 'postgres://postgres@localhost:5432/crm';
    for (const err of [aggregate, timeout]) {
      expect(databaseFailure(err, url), String(err)).to.equal(
        'Cannot connect to PostgreSQL on localhost:5432 (connection refused): start it, or set DATABASE_URL to where it runs.',
      );
    }
  });

  it('names the user a password or an authentication rule refuses', () => {
    const url = 'postgres://vendas:errada@127.0.0.1:5432/crm';
    expect(databaseFailure(pgError('28P01', 'password authentication failed for user "vendas"'), url)).to.equal(
      'PostgreSQL on 127.0.0.1:5432 refused user "vendas": password authentication failed for user "vendas". Check the user and password in DATABASE_URL.',
    );
    expect(databaseFailure(pgError('28000', 'role "vendas" does not exist'), url)).to.equal(
      'PostgreSQL on 127.0.0.1:5432 refused user "vendas": role "vendas" does not exist. Check the user and password in DATABASE_URL.',
    );
  });

  it('names a host that does not resolve, and a server that is not taking connections yet', () => {
    expect(
      databaseFailure(
        systemError('ENOTFOUND', 'getaddrinfo ENOTFOUND banco.interno', { syscall: 'getaddrinfo' }),
        'postgres://u@banco.interno/crm',
      ),
    ).to.equal('Cannot connect to PostgreSQL: the host "banco.interno" does not resolve (ENOTFOUND). Check DATABASE_URL.');
    expect(databaseFailure(pgError('57P03', 'the database system is starting up'), PG)).to.equal(
      'PostgreSQL on 127.0.0.1:5432 is not taking connections: the database system is starting up. Try again in a moment.',
    );
    expect(databaseFailure(systemError('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.9:5432'), 'postgres://u@10.0.0.9/crm')).to.equal(
      'Cannot connect to PostgreSQL on 10.0.0.9:5432 (ETIMEDOUT): check DATABASE_URL and that the network lets this machine reach it.',
    );
  });

  it('names a SQLite file that cannot be opened', () => {
    const cantOpen = Object.assign(new Error('unable to open database file'), { code: 'SQLITE_CANTOPEN' });
    expect(databaseFailure(cantOpen, 'sqlite:/srv/dados/api.sqlite')).to.equal(
      'Cannot open the SQLite file /srv/dados/api.sqlite (unable to open database file): check that its directory exists and this user may write there, or set DATABASE_URL.',
    );
    const notADatabase = Object.assign(new Error('file is not a database'), { code: 'SQLITE_NOTADB' });
    expect(databaseFailure(notADatabase, 'sqlite:./data/planilha.xlsx')).to.equal(
      'The file ./data/planilha.xlsx is not a SQLite database: set DATABASE_URL to another file.',
    );
    const denied = systemError('EACCES', "EACCES: permission denied, mkdir '/srv/dados'", { syscall: 'mkdir', path: '/srv/dados' });
    expect(databaseFailure(denied, 'sqlite:/srv/dados/api.sqlite')).to.equal(
      'Cannot create the SQLite file /srv/dados/api.sqlite (EACCES): this user may not write to its directory. Set DATABASE_URL to a file in one it may.',
    );
    expect(databaseFailure(systemError('EACCES', 'listen EACCES', { syscall: 'listen' }), 'sqlite:/srv/dados/api.sqlite')).to.equal(
      undefined,
    );
  });

  it('says "the connection" when the URL names no user', () => {
    expect(databaseFailure(pgError('28000', 'no pg_hba.conf entry for host "10.0.0.5"'), 'postgres://10.0.0.9/crm')).to.match(
      /^PostgreSQL on 10\.0\.0\.9:5432 refused (the connection|user "[^"]+"): no pg_hba\.conf entry/,
    );
  });

  it('leaves every other error to its stack: a fault of the code, a query the database refused', () => {
    expect(databaseFailure(new TypeError("Cannot read properties of undefined (reading 'id')"), PG)).to.equal(undefined);
    expect(databaseFailure(pgError('42P01', 'relation "clients" does not exist'), PG)).to.equal(undefined);
    expect(databaseFailure('a string', PG)).to.equal(undefined);
    expect(databaseFailure(pgError('3D000', 'database "x" does not exist'), 'memory:')).to.equal(undefined);
  });
});

describe('Start-up errors: listening', () => {
  const at = { port: 3000, host: '127.0.0.1' };
  it('names the port in use and what to do', () => {
    expect(listenFailure(systemError('EADDRINUSE', 'listen EADDRINUSE', { syscall: 'listen' }), at)).to.equal(
      'Port 3000 on 127.0.0.1 is in use: stop what listens there or set PORT.',
    );
  });

  it('names a port the process may not open, and a host that is not this machine', () => {
    expect(listenFailure(systemError('EACCES', 'listen EACCES', { syscall: 'listen' }), { port: 80, host: '0.0.0.0' })).to.equal(
      'Port 80 on 0.0.0.0 needs privileges this process lacks: set PORT above 1023.',
    );
    expect(listenFailure(systemError('EADDRNOTAVAIL', 'listen EADDRNOTAVAIL'), { port: 3000, host: '10.9.9.9' })).to.equal(
      'HOST 10.9.9.9 is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all of them.',
    );
  });
});
