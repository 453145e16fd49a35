// Which client of the team a batch item names (POST /clients/batch): the one holding its CPF, else its CNPJ,
// else its e-mail. CPF and CNPJ are unique in the team; an e-mail is not, so the first holder found is named.
import { ClientData } from './client';
import { Cnpj } from './cnpj';
import { Cpf } from './cpf';

/** The keys an item names a client by, as `Client` stores them; the e-mail trimmed, in lower case. */
export interface ClientKeys {
  cpf: string | null;
  cnpj: string | null;
  email: string | null;
}

export type ClientMatch = keyof ClientKeys;

const MATCH_ORDER: readonly ClientMatch[] = ['cpf', 'cnpj', 'email'];

/** An e-mail as duplicates are found by: trimmed, in lower case; null when there is none. */
export const clientEmailKey = (email: string | null | undefined): string | null => {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
};

/** An item's keys; a CPF or CNPJ that is not one is refused (`ValidationFailed` on its field). */
export const clientKeysOf = (input: { cpf?: string | null; cnpj?: string | null; email?: string | null }): ClientKeys => ({
  cpf: input.cpf ? Cpf.parse(input.cpf).digits : null,
  cnpj: input.cnpj ? Cnpj.parse(input.cnpj).value : null,
  email: clientEmailKey(input.email),
});

/** The keys as a rehearsal over several batches remembers them: `cpf:<digits>`, `cnpj:<value>`, `email:<lower>`. */
export const clientKeyNames = (keys: ClientKeys): string[] => MATCH_ORDER.flatMap((by) => (keys[by] === null ? [] : [`${by}:${keys[by]}`]));

/** Which of `candidates` (the holders of any of the keys, active or not) the item names, CPF first, then CNPJ, then e-mail. */
export const namedClient = (keys: ClientKeys, candidates: readonly ClientData[]): { client: ClientData; matchedBy: ClientMatch } | null => {
  for (const by of MATCH_ORDER) {
    const value = keys[by];
    if (value === null) continue;
    const client = candidates.find((c) => (by === 'email' ? clientEmailKey(c.email) : c[by]) === value);
    if (client) return { client, matchedBy: by };
  }
  return null;
};
