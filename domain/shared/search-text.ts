// The one search semantics of every list (docs/api.md "Search"): the query, folded, is a substring of one of
// the searched fields, folded the same way. Every storage adapter matches already-folded text, so no
// database's own idea of case or accents can make the backends disagree.

/** Between two folded fields of a stored search text. The fold turns every control character into a space, so a folded query can never contain it, and never match across two fields. */
export const FIELD_SEPARATOR = '\u001f';
/** Starts the keys section (normalized CPF, CNPJ, phone digits) at the end of a stored search text. */
export const KEYS_MARKER = '\u001e';

/**
 * Compatibility decomposition (NFKD: `é` typed as one character or as `e` + U+0301, a fullwidth `Ａ`, the
 * ligature `ﬁ` are the same text), full case folding by lower, upper, lower (`ß`, `ẞ` and `SS` are `ss`;
 * `İ` is `i` + U+0307 and then `i`; dotless `ı` is `i`; final `ς` is `σ`, whatever the letter after it), then every combining mark
 * removed (`José` is `jose`, `Ação` is `acao`) and every control character turned into a space.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\p{Cc}/gu, ' ');
}

/**
 * The stored search text of a record: its searched fields folded, one after the other, then the keys
 * section holding its normalized identifiers (CPF, CNPJ, phone digits), found by a query's bare digits.
 */
export function searchTextOf(fields: readonly (string | null | undefined)[], keys: readonly (string | null | undefined)[] = []): string {
  const present = (values: readonly (string | null | undefined)[]) =>
    values
      .filter((v): v is string => typeof v === 'string')
      .map(foldText)
      .join(FIELD_SEPARATOR);
  const keyText = present(keys);
  return keyText ? `${present(fields)}${KEYS_MARKER}${keyText}` : present(fields);
}

/** A search query ready for matching: the folded term, and the folded key form when the list has one. */
export interface SearchQuery {
  readonly text: string;
  readonly key?: string;
}

/** `keyOf` gives the bare key form of the (trimmed) term, e.g. its digits, or nothing. */
export function searchQueryOf(term: string | undefined, keyOf?: (term: string) => string | undefined): SearchQuery | undefined {
  const trimmed = term?.trim();
  if (!trimmed) return undefined;
  const text = foldText(trimmed);
  const rawKey = keyOf?.(trimmed);
  const key = rawKey ? foldText(rawKey) : undefined;
  return key && key !== text ? { text, key } : { text };
}

/** A CPF or CNPJ typed with its punctuation (`390.533.447-05`) finds the stored bare value. */
export const documentKey = (term: string): string | undefined => term.replace(/[^0-9A-Za-z]/g, '') || undefined;

/** `(11) 98765` finds `+5511987654321`: three digits or more, when the term is not already bare digits. */
export const phoneDigitsKey = (term: string): string | undefined => {
  const digits = term.replace(/\D/g, '');
  return digits.length >= 3 && digits !== term ? digits : undefined;
};

/** The match every adapter implements: in memory this function, in SQL the same two LIKE patterns. */
export function matchesSearchText(searchText: string, query: SearchQuery | undefined): boolean {
  if (!query) return true;
  if (searchText.includes(query.text)) return true;
  if (query.key === undefined) return false;
  const keys = searchText.indexOf(KEYS_MARKER);
  return keys >= 0 && searchText.slice(keys + 1).includes(query.key);
}
