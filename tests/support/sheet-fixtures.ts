// Spreadsheet files as the tools people use save them, written byte for byte: the encodings, separators,
// line ends and quoting of each. The reader's tests and the import's HTTP tests share them.
import iconv from 'iconv-lite';

export type FixtureEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252';

/** The bytes of `lines` joined by `eol` (and ended by it when `finalEol`), in `encoding`. */
export function sheetFile(
  lines: string[],
  options: { encoding?: FixtureEncoding; eol?: '\r\n' | '\n' | '\r'; finalEol?: boolean } = {},
): Buffer {
  const { encoding = 'utf-8', eol = '\n', finalEol = true } = options;
  const text = lines.join(eol) + (finalEol ? eol : '');
  if (encoding === 'windows-1252') return iconv.encode(text, 'windows-1252');
  const utf8 = Buffer.from(text, 'utf8');
  return encoding === 'utf-8-bom' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]) : utf8;
}

/** The bytes in pieces of `size`, as an upload arrives: a character or a line end may be cut anywhere. */
export async function* inChunks(bytes: Buffer, size = 7): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * Excel (pt-BR) "CSV (separado por vírgulas)": `;`, Windows-1252, CRLF, a title line above the header.
 * Line 1 title; line 2 header `Nome;E-mail;Telefone;CPF;Data de nascimento;Cidade;UF;Observações`; then
 * line 3 `MARIA DA CONCEIÇÃO` (maria@example.com, `(11) 98765-4321`, CPF 529.982.247-25, 31/12/1990,
 * São Paulo, `sp`, a note), line 4 `João Pereira` (no e-mail, `011 98765 4321`, CPF 12345678909, 01/02/1985,
 * Conceição do Mato Dentro, MG, no note), line 5 blank (`;;;;;;;`), line 6 `Ana Lúcia` (ana@example.com,
 * `+55 21 987654321`, no CPF, no date, Rio de Janeiro, RJ, `Prefere WhatsApp`).
 */
export const EXCEL_PT_BR_CLIENTS = [
  'Relatório de clientes;;;;;;;',
  'Nome;E-mail;Telefone;CPF;Data de nascimento;Cidade;UF;Observações',
  'MARIA DA CONCEIÇÃO;maria@example.com;(11) 98765-4321;529.982.247-25;31/12/1990;São Paulo;sp;Cliente desde 2019',
  'João Pereira;;011 98765 4321;12345678909;01/02/1985;Conceição do Mato Dentro;MG;',
  ';;;;;;;',
  'Ana Lúcia;ana@example.com;+55 21 987654321;;;Rio de Janeiro;RJ;Prefere WhatsApp',
];
export const excelPtBrClients = (): Buffer => sheetFile(EXCEL_PT_BR_CLIENTS, { encoding: 'windows-1252', eol: '\r\n' });

/**
 * Google Sheets "Download › CSV": `,`, UTF-8 without BOM, LF, no final line end, English headers.
 * Line 1 header `Name,Email,Phone,CNPJ,Company,Street,City,State,Tags`; line 2 `Padaria Pão Quente Ltda`
 * (contato@paoquente.com.br, `(11) 3456-7890`, CNPJ 11.222.333/0001-81, company Pão Quente, street
 * `Rua das Flores, 10` quoted for its comma, São Paulo, SP, tags `varejo, padaria`); line 3 `Carlos Souza`
 * (carlos@example.com, no phone, no CNPJ, no company, no street, Curitiba, PR, no tags).
 */
export const GOOGLE_SHEETS_CLIENTS = [
  'Name,Email,Phone,CNPJ,Company,Street,City,State,Tags',
  'Padaria Pão Quente Ltda,contato@paoquente.com.br,(11) 3456-7890,11.222.333/0001-81,Pão Quente,"Rua das Flores, 10",São Paulo,SP,"varejo, padaria"',
  'Carlos Souza,carlos@example.com,,,,,Curitiba,PR,',
];
export const googleSheetsClients = (): Buffer => sheetFile(GOOGLE_SHEETS_CLIENTS, { finalEol: false });

/**
 * LibreOffice Calc "Text CSV" with its UTF-8 BOM, `,`, LF. Line 1 header
 * `Nome,CPF,Celular,Data de Nascimento,CEP,Cidade,UF`; line 2 `José Antônio` (CPF 987.654.321-00,
 * `(31) 99876-5432`, 1980-05-20, 30130-000, Belo Horizonte, MG); line 3 `Luíza Gonçalves` (CPF 11144477735,
 * `31 3222-1100`, 31.12.1990, 30140-071, Belo Horizonte, mg).
 */
export const LIBREOFFICE_CLIENTS = [
  'Nome,CPF,Celular,Data de Nascimento,CEP,Cidade,UF',
  'José Antônio,987.654.321-00,(31) 99876-5432,1980-05-20,30130-000,Belo Horizonte,MG',
  'Luíza Gonçalves,11144477735,31 3222-1100,31.12.1990,30140-071,Belo Horizonte,mg',
];
export const libreOfficeClients = (): Buffer => sheetFile(LIBREOFFICE_CLIENTS, { encoding: 'utf-8-bom' });

/**
 * A CRM's lead export: `,`, UTF-8, CRLF, every cell quoted, notes over several lines with `""` escapes.
 * Line 1 header `"Nome","E-mail","Telefone","Empresa","Origem","Observações","Tags"`; the lead on line 2,
 * `Fernanda Lima` (fernanda@example.com, `(11) 98765-4321`, Lima & Filhos, Instagram), has a note of three
 * lines (lines 2–4: `Ligar depois das 14h.` / `Disse: "quero orçamento"` / `Urgente`) and tags `quente;vip`;
 * the lead on line 5, `Roberto Dias` (no e-mail, `+55 11 91234 5678`, no company, Indicação), has the note
 * `Sem observações` and no tags.
 */
export const CRM_LEADS_WITH_NOTES = [
  '"Nome","E-mail","Telefone","Empresa","Origem","Observações","Tags"',
  '"Fernanda Lima","fernanda@example.com","(11) 98765-4321","Lima & Filhos","Instagram","Ligar depois das 14h.',
  'Disse: ""quero orçamento""',
  'Urgente","quente;vip"',
  '"Roberto Dias","","+55 11 91234 5678","","Indicação","Sem observações",""',
];
export const crmLeadsWithNotes = (): Buffer => sheetFile(CRM_LEADS_WITH_NOTES, { eol: '\r\n' });

/** The note of the first lead of `crmLeadsWithNotes()`, as its cell reads (the reader makes every line end `\n`). */
export const CRM_FIRST_NOTE = 'Ligar depois das 14h.\nDisse: "quero orçamento"\nUrgente';

/**
 * Tab-separated leads (a copy out of a sheet, or a TSV export): UTF-8, LF. Line 1 header
 * `Nome\tCelular\tEmpresa\tCanal`; line 2 `Paula Reis` (`011 98765 4321`, Reis ME, Google Ads); line 3
 * `Marcos Alves` (`(21) 99999-0000`, no company, Site).
 */
export const TSV_LEADS = [
  'Nome\tCelular\tEmpresa\tCanal',
  'Paula Reis\t011 98765 4321\tReis ME\tGoogle Ads',
  'Marcos Alves\t(21) 99999-0000\t\tSite',
];
export const tsvLeads = (): Buffer => sheetFile(TSV_LEADS);
