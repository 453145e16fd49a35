// Fakes of the imports' ports for the use-case tests: reading rules that take the first column as the name,
// and writers that keep their records in the memory store, so a rolled-back batch undoes them too.
import { ClientRowWriter, ClientRows, LeadRowWriter, LeadRows, RowWriters } from '../../../../application/imports/row-writers';
import { SheetRules } from '../../../../application/imports/sheet-rules';
import { BatchItem, ItemResult, OnDuplicate, RehearsalMemory } from '../../../../application/shared/batch';
import { MemoryStore } from '../../../../adapters/persistence/memory/shared/memory-store';
import { ColumnPlan, RowReading } from '../../../../domain/imports/import-rows';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { TeamContext } from '../../../../domain/shared/team';

const readRow = <C>(cells: string[], command: (name: string) => C): RowReading<C> => {
  const name = (cells[0] ?? '').trim();
  if (!name) return { problems: [{ level: 'error', field: 'name', column: 'Nome', message: 'Nome is empty' }] };
  return {
    command: command(name),
    problems: cells[2] === 'warn' ? [{ level: 'warning', field: 'email', column: 'E-mail', message: 'not an e-mail' }] : [],
  };
};

/** The header is the first row whose first cell is `Nome`; `Nome` and `E-mail` are the only columns known. */
export const fakeRules: SheetRules = {
  headerRowIndex: (rows) => rows.findIndex((r) => r[0] === 'Nome'),
  isBlankRow: (cells) => cells.every((c) => c.trim() === ''),
  planColumns: (resource, headers, mapping) => {
    if (mapping && Object.values(mapping).some((f) => f === 'nope'))
      throw new ValidationFailed('Unknown field nope', 'mapping', 'VALIDATION_ERROR', { reason: 'bad_mapping' });
    const fields = headers.map((h): string | null =>
      h === 'Nome' ? (resource === 'clients' ? 'name' : 'full_name') : h === 'E-mail' ? 'email' : null,
    );
    return { resource, headers, fields } satisfies ColumnPlan;
  },
  readClientRow: (_plan, cells) => readRow(cells, (name) => ({ type: 'PF' as const, name })),
  readLeadRow: (_plan, cells) => readRow(cells, (name) => ({ fullName: name }) as never),
};

interface FakeRecord {
  id: string;
  key: string;
}

/**
 * A batch writer keyed by name: a name already written is a duplicate (skipped, or updated). `failAt` makes a
 * batch throw once it reached that name, after writing the items before it (`failures` times, then not).
 */
export class FakeWriter<W extends { items: BatchItem<unknown>[]; onDuplicate: OnDuplicate }> {
  calls: { team: TeamContext; command: W; rehearsal: boolean }[] = [];
  memories: RehearsalMemory[] = [];
  wakes = 0;
  failAt: string | null = null;
  failures = Infinity;
  private next = 0;

  constructor(
    private readonly store: MemoryStore,
    private readonly table: string,
    private readonly nameOf: (command: unknown) => string,
  ) {}

  records(): FakeRecord[] {
    return this.store.table<FakeRecord>(this.table).all();
  }

  async executeWithin(team: TeamContext, command: W): Promise<ItemResult[]> {
    this.calls.push({ team, command, rehearsal: false });
    const table = this.store.table<FakeRecord>(this.table);
    return command.items.map((item, index): ItemResult => {
      if ('error' in item) return { index, status: 'error', error: item.error };
      const key = this.nameOf(item.command);
      if (key === this.failAt && this.failures > 0) {
        this.failures -= 1;
        throw new Error('storage went away');
      }
      if (key === 'refused')
        return { index, status: 'error', error: { code: 'DUPLICATE_ENTRY', message: 'CPF taken', details: { field: 'cpf' } } };
      const found = table.get(key);
      if (found) return { index, status: command.onDuplicate === 'update' ? 'updated' : 'skipped', id: found.id };
      const id = `00000000-0000-7000-8000-${String(++this.next).padStart(12, '0')}`;
      table.set(key, { id, key });
      return { index, status: 'created', id };
    });
  }

  async rehearse(team: TeamContext, command: W, memory: RehearsalMemory): Promise<ItemResult[]> {
    this.calls.push({ team, command, rehearsal: true });
    if (!this.memories.includes(memory)) this.memories.push(memory);
    const table = this.store.table<FakeRecord>(this.table);
    return command.items.map((item, index): ItemResult => {
      if ('error' in item) return { index, status: 'error', error: item.error };
      const key = this.nameOf(item.command);
      const found = table.get(key);
      if (found) return { index, status: 'skipped', id: found.id };
      if (memory.keys.has(key)) return { index, status: 'skipped' };
      memory.keys.add(key);
      memory.created += 1;
      return { index, status: 'created' };
    });
  }

  wakeDispatcher(): void {
    this.wakes += 1;
  }
}

export function fakeWriters(store: MemoryStore): RowWriters & { clientWriter: FakeWriter<ClientRows>; leadWriter: FakeWriter<LeadRows> } {
  const clientWriter = new FakeWriter<ClientRows>(store, 'fake_clients', (c) => (c as { name: string }).name);
  const leadWriter = new FakeWriter<LeadRows>(store, 'fake_leads', (c) => (c as { fullName: string }).fullName);
  return {
    clientWriter,
    leadWriter,
    clients: (): ClientRowWriter => clientWriter,
    leads: (): LeadRowWriter => leadWriter,
  };
}
