import { Text, Type } from '../shared/body';

const identifier = (maxLength: number, description: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { description }));

/** POST /privacy/exports: who the request is about. Any of the identifiers, one at least; empty or null is not given. */
export const personIdentifiersSchema = Type.Object(
  {
    email: identifier(Text.email, 'Compared trimmed and in any case.'),
    phone: identifier(
      Text.phone,
      'As typed. Found in every spelling a record may hold: with or without 55, a Brazilian mobile with or without its ninth digit.',
    ),
    cpf: identifier(Text.code, 'With or without punctuation; checked.'),
    cnpj: identifier(Text.code, 'With or without punctuation; checked.'),
  },
  { additionalProperties: false },
);

/** POST /privacy/erasures: who the erasure is about, and why. */
export const personErasureSchema = Type.Object(
  {
    ...personIdentifiersSchema.properties,
    reason: Type.String({
      maxLength: Text.name,
      description: 'Why the data is erased (a request of the person, a retention rule…): kept in the privacy log. Required.',
    }),
  },
  { additionalProperties: false },
);
