// The folding rule of docs/api.md "Search", written out by hand for names as a Brazilian agency's clients type
// them and for queries a user sends: each text beside its folded form. Expected search results are
// computed from these hand-written forms, never from the implementation.

export interface Folded {
  text: string;
  folded: string;
}

/** Names stored in searchable fields. */
export const NAMES: Folded[] = [
  { text: 'JOSÉ DA SILVA', folded: 'jose da silva' },
  { text: 'José Souza', folded: 'jose souza' },
  { text: 'jose\u0301 Pereira NFD', folded: 'jose pereira nfd' },
  { text: 'Josué Lima', folded: 'josue lima' },
  { text: 'AÇÃO Social', folded: 'acao social' },
  { text: 'São Paulo Imóveis', folded: 'sao paulo imoveis' },
  { text: 'Straße GmbH', folded: 'strasse gmbh' },
  { text: 'İstanbul Turismo', folded: 'istanbul turismo' },
  { text: 'Iğdır ıspanak', folded: 'igdir ispanak' },
  { text: 'ＡＢＣ Ｌｔｄａ', folded: 'abc ltda' },
  { text: 'ΩΜΈΓΑ Λτδ', folded: 'ωμεγα λτδ' },
  { text: 'Σίσυφος', folded: 'σισυφοσ' },
  { text: 'МОСКВА Ёлка', folded: 'москва елка' },
  { text: 'Café ☕ Festa 🎉', folded: 'cafe ☕ festa 🎉' },
  { text: '100% off_sale', folded: '100% off_sale' },
  { text: 'back\\slash', folded: 'back\\slash' },
  { text: 'O\'Brien "Quote"', folded: 'o\'brien "quote"' },
  { text: 'NEAR OR NOT', folded: 'near or not' },
  { text: 'ﬁnanças', folded: 'financas' },
  { text: 'Ñ', folded: 'n' },
];

/** Queries as a user types them (already trimmed, as the list parser trims). */
export const QUERIES: Folded[] = [
  { text: 'JOSÉ', folded: 'jose' },
  { text: 'jose', folded: 'jose' },
  { text: 'José', folded: 'jose' },
  { text: 'JOSE', folded: 'jose' },
  { text: 'jose\u0301', folded: 'jose' },
  { text: 'Josué', folded: 'josue' },
  { text: 'acao', folded: 'acao' },
  { text: 'AÇÃO', folded: 'acao' },
  { text: 'ação', folded: 'acao' },
  { text: 'SÃO PAULO', folded: 'sao paulo' },
  { text: 'Ç', folded: 'c' },
  { text: 'É', folded: 'e' },
  { text: 'ß', folded: 'ss' },
  { text: 'ẞ', folded: 'ss' },
  { text: 'STRASSE', folded: 'strasse' },
  { text: 'İstanbul', folded: 'istanbul' },
  { text: 'ISTANBUL', folded: 'istanbul' },
  { text: 'ı', folded: 'i' },
  { text: 'IĞDIR', folded: 'igdir' },
  { text: 'ＡＢＣ', folded: 'abc' },
  { text: 'abc ltda', folded: 'abc ltda' },
  { text: 'ωμέγα', folded: 'ωμεγα' },
  { text: 'ΣΊΣΥΦΟΣ', folded: 'σισυφοσ' },
  { text: 'σίσυφος', folded: 'σισυφοσ' },
  { text: 'москва', folded: 'москва' },
  { text: 'ЁЛКА', folded: 'елка' },
  { text: '☕', folded: '☕' },
  { text: '🎉', folded: '🎉' },
  { text: '%', folded: '%' },
  { text: '_', folded: '_' },
  { text: '\\', folded: '\\' },
  { text: '%off', folded: '%off' },
  { text: '1_0', folded: '1_0' },
  { text: '0%_', folded: '0%_' },
  { text: 'off_', folded: 'off_' },
  { text: "'", folded: "'" },
  { text: '"quote"', folded: '"quote"' },
  { text: "o'brien", folded: "o'brien" },
  { text: 'OR', folded: 'or' },
  { text: 'NOT', folded: 'not' },
  { text: 'NEAR', folded: 'near' },
  { text: 'near OR', folded: 'near or' },
  { text: 'a', folded: 'a' },
  { text: 'Ñ', folded: 'n' },
  { text: 'sa', folded: 'sa' },
  { text: 'fi', folded: 'fi' },
  { text: 'FINANÇAS', folded: 'financas' },
  { text: 'zzz', folded: 'zzz' },
];

/** Which names a query finds, by the rule: its folded form inside a name's folded form. */
export const expectedMatches = (query: Folded, names: Folded[] = NAMES): string[] =>
  names
    .filter((n) => n.folded.includes(query.folded))
    .map((n) => n.text)
    .sort();
