import { expect } from 'chai';
import { ValidationFailed } from '../../../domain/shared/errors';
import { B, Text, Type } from '../../../adapters/http/shared/body';
import { validator } from '../../../adapters/http/shared/validation';

const schema = Type.Object({
  name: B.nonEmptyString(Text.name),
  client_id: B.optional(B.nullableUuid()),
  due_date: B.optional(B.nullableDate()),
  value: B.optional(B.nullableNumber()),
  probability: B.optional(Type.Union([Type.Number(), Type.Null()], { minimum: 0, maximum: 100 })),
  priority: B.optional(B.enumOf(['low', 'high'])),
  tags: B.optional(B.tags()),
  address: B.optional(B.nullable(Type.Object({ city: B.optional(B.nullableString(Text.name)) }))),
});
const check = validator<Record<string, unknown>>(schema);

const refusal = (body: unknown): ValidationFailed => {
  try {
    check(body);
  } catch (err) {
    if (err instanceof ValidationFailed) return err;
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
};

describe('Request validation messages', () => {
  it('says what a field must be in plain words', () => {
    const cases: [object, string, string][] = [
      [{}, 'name', 'name is required'],
      [{ name: ' ' }, 'name', 'name must not be empty'],
      [{ name: 'a', client_id: 'x' }, 'client_id', 'client_id must be a UUID or null'],
      [{ name: 'a', due_date: '24/11/2026' }, 'due_date', 'due_date must be a date YYYY-MM-DD or null'],
      [{ name: 'a', value: '10' }, 'value', 'value must be a number or null'],
      [{ name: 'a', probability: 101 }, 'probability', 'probability must be 100 or less'],
      [{ name: 'a', priority: 'urgent' }, 'priority', 'priority must be one of: low, high'],
      [{ name: 'a', tags: 'vip' }, 'tags', 'tags must be a list of strings'],
      [{ name: 'a', tags: ['vip', 3] }, 'tags', 'tags[1] must be a string'],
      [{ name: 'a', address: 'Recife' }, 'address', 'address must be an object or null'],
      [{ name: 'a', address: { city: 3 } }, 'address', 'address.city must be a string or null'],
    ];
    for (const [body, field, message] of cases) {
      const err = refusal(body);
      expect(err.details, JSON.stringify(body)).to.deep.equal({ field, errors: [{ field, message }] });
      expect(err.message, JSON.stringify(body)).to.equal(message);
    }
    expect(refusal([]).message).to.equal('body must be an object');
  });

  it('says a limit as the limit, inside a nullable field too, and names a key of a free-form object that is too long', () => {
    const bounded = validator<Record<string, unknown>>(
      Type.Object({
        notes: B.optional(B.nullableString(5)),
        tags: B.optional(B.tags()),
        mapping: B.optional(Type.Unsafe({ type: 'object', maxProperties: 1, propertyNames: { maxLength: 3 } })),
      }),
    );
    const said = (body: object) => {
      try {
        bounded(body);
      } catch (err) {
        return (err as ValidationFailed).details!.errors;
      }
      return 'accepted';
    };
    expect(said({ notes: 'ÇÇÇÇÇ' })).to.equal('accepted');
    expect(said({ notes: '😀😀😀😀😀' })).to.equal('accepted');
    expect(said({ notes: 'ÇÇÇÇÇÇ' })).to.deep.equal([{ field: 'notes', message: 'notes must be at most 5 characters long' }]);
    expect(said({ notes: 5 })).to.deep.equal([{ field: 'notes', message: 'notes must be a string or null' }]);
    expect(said({ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })).to.deep.equal([
      { field: 'tags', message: 'tags must have at most 50 items' },
    ]);
    expect(said({ mapping: { a: 1, b: 2 } })).to.deep.equal([{ field: 'mapping', message: 'mapping must have at most 1 keys' }]);
    expect(said({ mapping: { abcd: 1 } })).to.deep.equal([
      { field: 'mapping', message: 'a key of mapping must be at most 3 characters long' },
    ]);
  });

  it('lists every problem in details.errors, the first one in the order the schema lists the fields being details.field', () => {
    expect(refusal({ name: 'a', tags: [1, 'ok', false], client_id: 'x', priority: 'no' }).details).to.deep.equal({
      field: 'client_id',
      errors: [
        { field: 'client_id', message: 'client_id must be a UUID or null' },
        { field: 'priority', message: 'priority must be one of: low, high' },
        { field: 'tags', message: 'tags[0] must be a string' },
        { field: 'tags', message: 'tags[2] must be a string' },
      ],
    });
    expect(refusal([]).details).to.deep.equal({ errors: [{ message: 'body must be an object' }] });
  });

  it('answers a body with tens of thousands of bad values inside anyOf fields, describing the first 20', () => {
    // Folding anyOf branches once went through every error for every anyOf: this body held a worker for minutes.
    const mapping = validator<Record<string, unknown>>(
      Type.Object({
        field_mapping: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())])),
      }),
    );
    const body = {
      field_mapping: Object.fromEntries(Array.from({ length: 40000 }, (_, i) => [`campo_${i}`, i % 2 === 0 ? i : ['nome', i]])),
    };
    let refused: ValidationFailed | undefined;
    try {
      mapping(body);
    } catch (err) {
      refused = err as ValidationFailed;
    }
    expect(refused?.message).to.equal('field_mapping.campo_0 must be a string or a list of strings');
    const errors = refused!.details!.errors as { field: string; message: string }[];
    expect(errors).to.have.length(20);
    expect(errors[1]).to.deep.equal({ field: 'field_mapping', message: 'field_mapping.campo_1[1] must be a string' });
  });

  it('describes at most 20 problems: a list of ten thousand bad items is one mistake', () => {
    const errors = refusal({ name: 'a', tags: Array.from({ length: 10000 }, (_, i) => i) }).details!.errors as unknown[];
    expect(errors).to.have.length(20);
  });
});
