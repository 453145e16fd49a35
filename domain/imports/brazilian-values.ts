// Values as Brazilian spreadsheets write them: numbers with `.` between thousands and `,` before the
// decimals, dates day first, the type of a client in words. Each reader gives null for text it cannot
// read, and the caller decides whether that is a warning or an error (docs/imports.md, Values).
import { ClientType } from '../clients/client';
import { isCalendarDate } from '../shared/values';

const CURRENCY = /^R\$\s*/i;
const SPACES = /[\s\u00a0]+/g;

/**
 * A number as typed in Brazil (`1.500,00`, `R$ 1.500,00`, `1,5`) or in English (`1500.50`, `1,500.00`).
 * With both marks, the last one is the decimal mark. A lone `,` is the decimal mark, as in Brazil. A lone
 * `.` is the decimal mark unless it is followed by exactly three digits (`1.500` is fifteen hundred, as
 * in Brazil); several of the same mark separate thousands. Null when the text is not a number.
 */
export function readBrazilianNumber(text: string): number | null {
  let t = text.trim().replace(CURRENCY, '').replace(SPACES, '');
  let sign = 1;
  if (t.startsWith('-')) [sign, t] = [-1, t.slice(1)];
  if (!/^\d[\d.,]*$/.test(t) || /[.,]$/.test(t)) return null;
  const dots = t.split('.').length - 1;
  const commas = t.split(',').length - 1;
  let integer: string;
  let decimals = '';
  if (dots && commas) {
    const decimalMark = t.lastIndexOf(',') > t.lastIndexOf('.') ? ',' : '.';
    const thousandsMark = decimalMark === ',' ? '.' : ',';
    if (t.split(decimalMark).length !== 2) return null;
    [integer, decimals] = t.split(decimalMark);
    if (!thousandsGrouped(integer, thousandsMark)) return null;
    integer = integer.split(thousandsMark).join('');
  } else if (dots + commas === 0) {
    integer = t;
  } else {
    const mark = dots ? '.' : ',';
    const parts = t.split(mark);
    const asThousands = parts.length > 2 || (mark === '.' && parts[1].length === 3);
    if (asThousands) {
      if (!thousandsGrouped(t, mark)) return null;
      integer = parts.join('');
    } else {
      [integer, decimals] = parts;
    }
  }
  return sign * Number(decimals ? `${integer}.${decimals}` : integer);
}

/** `1.234.567`: a first group of one to three digits, then groups of three. */
const thousandsGrouped = (text: string, mark: string): boolean => {
  const [first, ...rest] = text.split(mark);
  return /^\d{1,3}$/.test(first) && rest.every((g) => /^\d{3}$/.test(g));
};

// A time spreadsheets add after a date (`31/12/1990 00:00:00`); the date alone is kept.
const TIME = /\s+\d{1,2}:\d{2}(?::\d{2})?$/;
const DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date as `YYYY-MM-DD`, read from day first (`31/12/1990`, `31-12-1990`, `31.12.1990`) or ISO
 * (`1990-12-31`). Null for a day that does not exist, month first (`12/31/1990`, which has no 31st month)
 * and a two-digit year: `01/01/25` could be 1925 or 2025, and a birth date is either.
 */
export function readBrazilianDate(text: string): string | null {
  const t = text.trim().replace(TIME, '');
  const iso = ISO.exec(t);
  const dayFirst = DAY_FIRST.exec(t);
  const date = iso ? t : dayFirst ? `${dayFirst[4]}-${dayFirst[3].padStart(2, '0')}-${dayFirst[1].padStart(2, '0')}` : null;
  return date !== null && isCalendarDate(date) ? date : null;
}

const CLIENT_TYPES: Record<string, ClientType> = {
  pf: 'PF',
  f: 'PF',
  fisica: 'PF',
  'pessoa fisica': 'PF',
  individual: 'PF',
  person: 'PF',
  pj: 'PJ',
  j: 'PJ',
  juridica: 'PJ',
  'pessoa juridica': 'PJ',
  company: 'PJ',
  business: 'PJ',
};

/** PF or PJ from `PF`, `F`, `física`, `pessoa física` (and the PJ forms), in any case and with or without accents. */
export function readClientType(text: string): ClientType | null {
  return CLIENT_TYPES[foldText(text)] ?? null;
}

/** Tags from one cell, split on `,` `;` or `|`: trimmed, the empty and repeated ones left out. */
export function readTags(text: string): string[] {
  return [...new Set(text.split(/[,;|]/).map((t) => t.trim()))].filter((t) => t !== '');
}

/**
 * Text folded for comparison: lower case, accents removed, `-` `.` `'` dropped (`E-mail` → `email`),
 * any other run of punctuation or spaces made one space (`Razão  Social` → `razao social`).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
