import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { PRIVACY_TOKENS } from '../../../bootstrap/contexts/privacy';
import { TOKENS } from '../../../bootstrap/tokens';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { SearchIndexes } from '../../../application/shared/search-indexes';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { TeamContext } from '../../../domain/shared/team';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';

// After an erasure the search indexes are compacted: SQLite's FTS5 keeps the entries of text an update removed in
// its older segments until they are merged, and `compact` merges them into one. Searches answer as before.

/** How many segments an FTS5 index has: its structure record (id 10), after the 4-byte cookie and, when present, the format-2 marker. */
const segments = async (database: KnexDatabase, fts: string): Promise<number> => {
  const [row] = await database.knex.raw<{ block: Buffer }[]>(`select block from ${fts}_data where id = 10`);
  const block = Buffer.from(row.block);
  let at = 4;
  if (block.subarray(4, 8).equals(Buffer.from([0xff, 0x00, 0x00, 0x01]))) at = 8;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = block[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  varint(); // levels
  return varint();
};

forEachBackend('SearchIndexes contract', (env, backend) => {
  const get = <T>(token: symbol) => env().container.get<T>(token);
  const team: TeamContext = { teamId: randomUUID() };

  it('compacts the indexes named, and every search answers as before', async () => {
    const clients = get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const uow = get<UnitOfWork>(TOKENS.UnitOfWork);
    const written = Array.from({ length: 5 }, (_, i) =>
      ClientMother.create({ teamId: team.teamId, id: randomUUID(), name: `Quitéria Bastos ${i}` }),
    );
    for (const c of written) await uow.run(() => clients.insert(c));
    for (const c of written) await uow.run(() => clients.update({ ...c, name: `Renomeado ${c.name.slice(-1)}` }));
    const database = backend === 'memory' ? null : get<KnexDatabase>(TOKENS.KnexDatabase);
    if (database?.dialect === 'sqlite') expect(await segments(database, 'clients_search_fts')).to.be.greaterThan(1);

    await uow.run(() => get<SearchIndexes>(PRIVACY_TOKENS.SearchIndexes).compact(['clients', 'leads']));

    if (database?.dialect === 'sqlite') expect(await segments(database, 'clients_search_fts')).to.equal(1);
    const search = (text: string) =>
      clients.list(team, { status: 'active' }, { page: 1, limit: 10, sort: { field: 'created_at', descending: false }, search: text });
    expect((await search('quiteria')).total).to.equal(0);
    expect((await search('renomeado')).items.map((c) => c.id)).to.deep.equal(written.map((c) => c.id));
  });
});
