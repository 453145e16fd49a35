// The spreadsheet reader (adapters/imports/csv-sheet-reader.ts): files as Excel, Google Sheets, LibreOffice
// and CRMs save them, fed in small chunks so every boundary (a character, a line end, a quote) is crossed.
import { expect } from 'chai';
import iconv from 'iconv-lite';
import { CsvSheetReader } from '../../../adapters/imports/csv-sheet-reader';
import { Sheet, SheetReadLimits, SheetRow } from '../../../application/imports/sheet-reader';
import { ClientRowCommand, LeadRowCommand, RowReading } from '../../../domain/imports/import-rows';
import { headerRowIndex, planColumns, readClientRow, readLeadRow } from '../../../domain/imports/sheet-columns';
import { SheetUnreadable } from '../../../domain/imports/sheet-unreadable';
import {
  CRM_FIRST_NOTE,
  crmLeadsWithNotes,
  excelPtBrClients,
  googleSheetsClients,
  inChunks,
  libreOfficeClients,
  sheetFile,
  tsvLeads,
} from '../../support/sheet-fixtures';

const LIMITS: SheetReadLimits = { maxRows: 1000 };
const reader = new CsvSheetReader();

const open = (bytes: Buffer, chunk = 7, limits = LIMITS): Promise<Sheet> => reader.open(inChunks(bytes, chunk), limits);

async function rowsOf(sheet: Sheet): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of sheet.rows) rows.push(row);
  return rows;
}

async function read(bytes: Buffer, chunk = 7): Promise<{ sheet: Sheet; rows: SheetRow[] }> {
  const sheet = await open(bytes, chunk);
  return { sheet, rows: await rowsOf(sheet) };
}

/** The SheetUnreadable that `run` throws (or rejects with). */
async function refusal(run: () => Promise<unknown>): Promise<SheetUnreadable> {
  try {
    await run();
  } catch (e) {
    expect(e).to.be.instanceOf(SheetUnreadable);
    return e as SheetUnreadable;
  }
  throw new Error('expected the sheet to be refused');
}

const refusalOf = (bytes: Buffer, limits = LIMITS): Promise<SheetUnreadable> => refusal(async () => rowsOf(await open(bytes, 7, limits)));

describe('CsvSheetReader', () => {
  describe('files as tools save them', () => {
    it('reads Excel pt-BR: `;`, Windows-1252, CRLF, the title line kept and the blank row left out', async () => {
      const { sheet, rows } = await read(excelPtBrClients());
      expect(sheet.separator).to.equal(';');
      expect(sheet.encoding).to.equal('windows-1252');
      expect(rows.map((r) => r.line)).to.deep.equal([1, 2, 3, 4, 6]);
      expect(rows[0].cells[0]).to.equal('Relatório de clientes');
      expect(rows[1].cells).to.deep.equal(['Nome', 'E-mail', 'Telefone', 'CPF', 'Data de nascimento', 'Cidade', 'UF', 'Observações']);
      expect(rows[2].cells[0]).to.equal('MARIA DA CONCEIÇÃO');
      expect(rows[3].cells.slice(0, 3)).to.deep.equal(['João Pereira', '', '011 98765 4321']);
      expect(rows[3].cells[5]).to.equal('Conceição do Mato Dentro');
    });

    it('reads Google Sheets: `,`, UTF-8, a quoted cell holding the separator, no final line end', async () => {
      const { sheet, rows } = await read(googleSheetsClients());
      expect([sheet.separator, sheet.encoding]).to.deep.equal([',', 'utf-8']);
      expect(rows).to.have.length(3);
      expect(rows[1].cells[0]).to.equal('Padaria Pão Quente Ltda');
      expect(rows[1].cells[5]).to.equal('Rua das Flores, 10');
      expect(rows[1].cells[8]).to.equal('varejo, padaria');
      expect(rows[2]).to.deep.equal({ line: 3, cells: ['Carlos Souza', 'carlos@example.com', '', '', '', '', 'Curitiba', 'PR', ''] });
    });

    it('reads LibreOffice with its BOM, which does not reach the first header', async () => {
      const { sheet, rows } = await read(libreOfficeClients());
      expect([sheet.separator, sheet.encoding]).to.deep.equal([',', 'utf-8-bom']);
      expect(rows[0].cells[0]).to.equal('Nome');
      expect(rows[1].cells[0]).to.equal('José Antônio');
    });

    it('reads a CRM export: a quoted note over three lines with `""` escapes, its row numbered by the line it starts on', async () => {
      const { sheet, rows } = await read(crmLeadsWithNotes());
      expect(sheet.separator).to.equal(',');
      expect(rows.map((r) => r.line)).to.deep.equal([1, 2, 5]);
      expect(rows[1].cells[5]).to.equal(CRM_FIRST_NOTE);
      expect(rows[1].cells[6]).to.equal('quente;vip');
      expect(rows[2].cells[0]).to.equal('Roberto Dias');
    });

    it('reads a tab-separated file', async () => {
      const { sheet, rows } = await read(tsvLeads());
      expect(sheet.separator).to.equal('\t');
      expect(rows[1].cells).to.deep.equal(['Paula Reis', '011 98765 4321', 'Reis ME', 'Google Ads']);
    });

    it('reads the same rows whatever the chunk size', async () => {
      for (const file of [excelPtBrClients(), crmLeadsWithNotes(), libreOfficeClients()]) {
        const whole = (await read(file, file.length)).rows;
        for (const size of [1, 2, 3, 5, 64]) expect((await read(file, size)).rows).to.deep.equal(whole);
      }
    });
  });

  describe('encoding', () => {
    it('reads a UTF-8 character cut between two chunks', async () => {
      const bytes = sheetFile(['Nome', 'Conceição']);
      const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of `ç`
      const sheet = await reader.open(
        (async function* () {
          yield bytes.subarray(0, cut);
          yield bytes.subarray(cut);
        })(),
        LIMITS,
      );
      expect(sheet.encoding).to.equal('utf-8');
      expect((await rowsOf(sheet))[1].cells).to.deep.equal(['Conceição']);
    });

    it('reads a Windows-1252 byte that comes after many ASCII chunks', async () => {
      const lines = ['Nome;Cidade', ...Array.from({ length: 200 }, (_, i) => `Cliente ${i};Santos`), 'João;Conceição'];
      const { sheet, rows } = await read(sheetFile(lines, { encoding: 'windows-1252' }));
      expect(sheet.encoding).to.equal('windows-1252');
      expect(rows[rows.length - 1]).to.deep.equal({ line: 202, cells: ['João', 'Conceição'] });
    });

    it('decides at the first accent even past the bytes looked at before answering, and says so once it has', async () => {
      const lines = ['Nome;Cidade', ...Array.from({ length: 5000 }, (_, i) => `Cliente ${i};Santos`), 'João;Conceição'];
      const sheet = await open(sheetFile(lines, { encoding: 'windows-1252' }), 4096, { maxRows: 10_000 });
      expect(sheet.encoding).to.equal('utf-8');
      const rows = await rowsOf(sheet);
      expect(rows[rows.length - 1].cells).to.deep.equal(['João', 'Conceição']);
      expect(sheet.encoding).to.equal('windows-1252');
    });

    it('calls a file of ASCII only UTF-8', async () => {
      expect((await read(sheetFile(['name,email', 'Ana,ana@example.com']))).sheet.encoding).to.equal('utf-8');
    });
  });

  describe('separator', () => {
    it('counts separators outside quotes on the first non-blank line', async () => {
      const { sheet, rows } = await read(sheetFile(['', '"Nome; completo",Cidade,UF', 'Ana,Santos,SP']));
      expect(sheet.separator).to.equal(',');
      expect(rows[0]).to.deep.equal({ line: 2, cells: ['Nome; completo', 'Cidade', 'UF'] });
    });

    it('takes `|`, and prefers `;` then `,` on a tie', async () => {
      expect((await read(sheetFile(['a|b|c', '1|2|3']))).sheet.separator).to.equal('|');
      expect((await read(sheetFile(['a;b,c', '1;2,3']))).sheet.separator).to.equal(';');
      expect((await read(sheetFile(['a,b\tc', '1,2\t3']))).sheet.separator).to.equal(',');
    });

    it('reads a single-column file as `,`', async () => {
      const { sheet, rows } = await read(sheetFile(['Nome', 'Ana', 'Bruno']));
      expect(sheet.separator).to.equal(',');
      expect(rows.map((r) => r.cells)).to.deep.equal([['Nome'], ['Ana'], ['Bruno']]);
    });
  });

  describe('rows', () => {
    it('keeps rows of any length and cells untrimmed, and leaves out blank lines', async () => {
      const { rows } = await read(sheetFile(['Nome;Cidade', ' Ana ;Santos;extra', '', '   ', ';;', 'Bruno'], { eol: '\r\n' }));
      expect(rows).to.deep.equal([
        { line: 1, cells: ['Nome', 'Cidade'] },
        { line: 2, cells: [' Ana ', 'Santos', 'extra'] },
        { line: 6, cells: ['Bruno'] },
      ]);
    });

    it('keeps a stray quote inside a cell as written', async () => {
      const { rows } = await read(sheetFile(['Nome;Apelido', 'Ana;a "Aninha" dos Santos']));
      expect(rows[1].cells).to.deep.equal(['Ana', 'a "Aninha" dos Santos']);
    });

    it('reads rows as they come: an endless file gives its first rows', async () => {
      let pulled = 0;
      async function* endless(): AsyncGenerator<Buffer> {
        yield Buffer.from('Nome;Cidade\n');
        for (;;) {
          pulled += 1;
          yield Buffer.from('Ana;Santos\n'.repeat(100));
        }
      }
      const sheet = await reader.open(endless(), { maxRows: 1_000_000_000 });
      let seen = 0;
      for await (const _ of sheet.rows) if (++seen === 10_000) break;
      // ~1 100 bytes a chunk: what was read is the rows taken plus the stream's small buffers, not the file.
      expect(pulled).to.be.lessThan(10_000 / 100 + 200);
    });

    it('lets go of the bytes when the reading stops early', async () => {
      let closed = false;
      async function* source(): AsyncGenerator<Buffer> {
        try {
          for (;;) yield Buffer.from('a;b\n');
        } finally {
          closed = true;
        }
      }
      const sheet = await reader.open(source(), LIMITS);
      for await (const _ of sheet.rows) break;
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).to.equal(true);
    });

    it('passes on an error of the bytes themselves (an upload cut short)', async () => {
      const cut = new Error('upload aborted');
      async function* source(): AsyncGenerator<Buffer> {
        yield Buffer.from('a;b\n1;2\n');
        throw cut;
      }
      try {
        await rowsOf(await reader.open(source(), LIMITS));
        expect.fail('expected the error');
      } catch (e) {
        expect(e).to.equal(cut);
      }
    });
  });

  describe('refusals', () => {
    it('refuses an empty file and a file of blank lines as `empty`', async () => {
      for (const bytes of [Buffer.alloc(0), sheetFile(['', '  ', '\t']), sheetFile([''], { encoding: 'utf-8-bom' })]) {
        const e = await refusalOf(bytes);
        expect(e.reason).to.equal('empty');
        expect(e.details).to.deep.include({ field: 'file', reason: 'empty' });
      }
    });

    it('refuses a file of separators only as `empty`', async () => {
      expect((await refusalOf(sheetFile([';;;', ';;;']))).reason).to.equal('empty');
    });

    it('refuses a workbook, a PDF and binary data as `binary`, saying to export as CSV', async () => {
      const files = [
        Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('[Content_Types].xml')]), // .xlsx
        Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1'),
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), // .xls
        Buffer.from('Nome;Cidade\nAna\0;Santos\n'),
        iconv.encode('\ufeffNome\tCidade\n', 'utf-16le'),
      ];
      for (const bytes of files) {
        const e = await refusal(() => open(bytes));
        expect(e.reason).to.equal('binary');
        expect(e.message).to.match(/CSV/);
      }
    });

    it('refuses an unclosed quote as `unclosed_quote`, naming the line it opened on', async () => {
      const e = await refusalOf(sheetFile(['Nome;Obs', 'Ana;ok', '', 'Bruno;"começa aqui', 'e segue', 'Carla;fim'], { eol: '\r\n' }));
      expect(e.reason).to.equal('unclosed_quote');
      expect(e.details).to.deep.include({ reason: 'unclosed_quote', line: 4 });
      expect(e.message).to.match(/line 4/);
    });

    it('finds an unclosed quote in a long file without reading it all into one cell', async () => {
      const lines = ['Nome;Obs', 'Ana;"nunca fecha', ...Array.from({ length: 20_000 }, (_, i) => `Cliente ${i};obs`)];
      const e = await refusalOf(sheetFile(lines));
      expect([e.reason, e.details?.line]).to.deep.equal(['unclosed_quote', 2]);
    });

    it('refuses more rows than the limit as `too_many_rows`, once the limit is passed', async () => {
      const sheet = await open(sheetFile(['Nome', 'Ana', 'Bruno', 'Carla']), 7, { maxRows: 3 });
      const seen: number[] = [];
      const e = await refusal(async () => {
        for await (const row of sheet.rows) seen.push(row.line);
      });
      expect(seen).to.deep.equal([1, 2, 3]);
      expect(e.reason).to.equal('too_many_rows');
      expect(e.message).to.match(/3/);
      expect((await read(sheetFile(['Nome', 'Ana', 'Bruno']))).rows).to.have.length(3);
    });

    it('refuses what the parser cannot read as `malformed` with its line, never with the parser’s own error', async () => {
      const small = new CsvSheetReader({ maxRowChars: 50 });
      const sheet = await small.open(inChunks(sheetFile(['Nome;Obs', 'Ana;ok', `Bruno;${'x'.repeat(80)}`])), LIMITS);
      const e = await refusal(() => rowsOf(sheet));
      expect(e.reason).to.equal('malformed');
      expect(e.details?.line).to.equal(3);
    });
  });
});

describe('The shared fixtures, read with the reading rules', () => {
  /** The header found and the rows under it read, as an import does. */
  async function readAll<C>(bytes: Buffer, resource: 'clients' | 'leads'): Promise<{ line: number; reading: RowReading<C> }[]> {
    const rows = await rowsOf(await reader.open(inChunks(bytes), LIMITS));
    const header = headerRowIndex(rows.slice(0, 10).map((r) => r.cells));
    const plan = planColumns(resource, rows[header].cells);
    const readRow = (resource === 'clients' ? readClientRow : readLeadRow) as (p: typeof plan, cells: string[]) => RowReading<C>;
    return rows.slice(header + 1).map((r) => ({ line: r.line, reading: readRow(plan, r.cells) }));
  }

  it('holds the clients documented beside excelPtBrClients()', async () => {
    const rows = await readAll<ClientRowCommand>(excelPtBrClients(), 'clients');
    expect(rows.map((r) => [r.line, r.reading.command?.name, r.reading.problems.length])).to.deep.equal([
      [3, 'MARIA DA CONCEIÇÃO', 0],
      [4, 'João Pereira', 0],
      [6, 'Ana Lúcia', 0],
    ]);
    expect(rows[0].reading.command).to.deep.include({
      cpf: '52998224725',
      birthDate: '1990-12-31',
      address: { city: 'São Paulo', state: 'SP' },
    });
  });

  it('holds the clients documented beside googleSheetsClients() and libreOfficeClients()', async () => {
    const google = await readAll<ClientRowCommand>(googleSheetsClients(), 'clients');
    expect(google[0].reading.command).to.deep.include({
      type: 'PJ',
      cnpj: '11222333000181',
      tradeName: 'Pão Quente',
      tags: ['varejo', 'padaria'],
    });
    expect(google[1].reading.command?.name).to.equal('Carlos Souza');
    const libre = await readAll<ClientRowCommand>(libreOfficeClients(), 'clients');
    expect(libre.map((r) => [r.reading.command?.name, r.reading.command?.birthDate, r.reading.problems.length])).to.deep.equal([
      ['José Antônio', '1980-05-20', 0],
      ['Luíza Gonçalves', '1990-12-31', 0],
    ]);
  });

  it('holds the leads documented beside crmLeadsWithNotes() and tsvLeads()', async () => {
    const crm = await readAll<LeadRowCommand>(crmLeadsWithNotes(), 'leads');
    expect(crm.map((r) => [r.line, r.reading.command?.fullName, r.reading.command?.phone])).to.deep.equal([
      [2, 'Fernanda Lima', '+5511987654321'],
      [5, 'Roberto Dias', '+5511912345678'],
    ]);
    expect(crm[0].reading.command).to.deep.include({ notes: CRM_FIRST_NOTE, tags: ['quente', 'vip'], customerSource: 'Instagram' });
    const tsv = await readAll<LeadRowCommand>(tsvLeads(), 'leads');
    expect(tsv.map((r) => [r.reading.command?.fullName, r.reading.command?.phone, r.reading.command?.customerSource])).to.deep.equal([
      ['Paula Reis', '+5511987654321', 'Google Ads'],
      ['Marcos Alves', '+5521999990000', 'Site'],
    ]);
  });
});
