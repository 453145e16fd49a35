import { expect } from 'chai';
import { ColumnPlan } from '../../../../domain/imports/import-rows';
import { headerKey, headerRowIndex, isBlankRow, planColumns, readClientRow, readLeadRow } from '../../../../domain/imports/sheet-columns';
import { ValidationFailed } from '../../../../domain/shared/errors';

/** The ValidationFailed that `run` throws. */
function failure(run: () => unknown): ValidationFailed {
  try {
    run();
  } catch (e) {
    expect(e).to.be.instanceOf(ValidationFailed);
    return e as ValidationFailed;
  }
  throw new Error('expected ValidationFailed');
}

describe('headerKey', () => {
  it('folds case, accents, punctuation and spaces', () => {
    expect(headerKey('E-mail')).to.equal('email');
    expect(headerKey('Razão  Social')).to.equal('razao social');
    expect(headerKey(' Data de Nascimento ')).to.equal('data de nascimento');
    expect(headerKey('OBSERVAÇÕES')).to.equal('observacoes');
    expect(headerKey('zip_code')).to.equal('zip code');
    expect(headerKey('Telefone (celular)')).to.equal('telefone celular');
  });
});

describe('isBlankRow', () => {
  it('is true for a row of empty or whitespace cells only', () => {
    expect(isBlankRow([])).to.equal(true);
    expect(isBlankRow(['', '  ', '\t'])).to.equal(true);
    expect(isBlankRow(['', 'x'])).to.equal(false);
  });
});

describe('headerRowIndex', () => {
  it('skips a title line above the header', () => {
    const rows = [
      ['Relatório de clientes', '', '', ''],
      ['Nome', 'E-mail', 'Telefone', 'Cidade'],
      ['Ana', 'ana@example.com', '', 'Santos'],
    ];
    expect(headerRowIndex(rows)).to.equal(1);
  });

  it('takes the row matching the most aliases of either resource, the first on a tie', () => {
    expect(headerRowIndex([['Nome'], ['Full name', 'Email', 'utm_source']])).to.equal(1);
    expect(
      headerRowIndex([
        ['Nome', 'Email'],
        ['Name', 'Phone'],
      ]),
    ).to.equal(0);
  });

  it('looks at the first ten rows only', () => {
    const rows = [...Array.from({ length: 10 }, () => ['x']), ['Nome', 'Email']];
    expect(headerRowIndex(rows)).to.equal(0);
  });

  it('takes the first non-blank row when none matches an alias', () => {
    expect(
      headerRowIndex([
        ['', ''],
        ['Coluna A', 'Coluna B'],
        ['1', '2'],
      ]),
    ).to.equal(1);
  });
});

describe('planColumns', () => {
  it('maps Portuguese and English headers of clients to the API fields', () => {
    const headers = [
      'Nome',
      'E-mail',
      'Telefone',
      'Celular',
      'CPF',
      'CNPJ',
      'Razão social',
      'Empresa',
      'Cidade',
      'UF',
      'CEP',
      'Data de nascimento',
      'Observações',
      'Coluna X',
    ];
    expect(planColumns('clients', headers)).to.deep.equal({
      resource: 'clients',
      headers,
      fields: [
        'name',
        'email',
        'phone',
        'mobile_phone',
        'cpf',
        'cnpj',
        'legal_name',
        'trade_name',
        'address.city',
        'address.state',
        'address.zip_code',
        'birth_date',
        'notes',
        null,
      ],
    });
    expect(planColumns('clients', ['Full name', 'Birthday', 'Zip code', 'Street', 'Tags']).fields).to.deep.equal([
      'name',
      'birth_date',
      'address.zip_code',
      'address.street',
      'tags',
    ]);
  });

  it('maps lead headers, the first phone-like column giving the phone and the next ones left out', () => {
    const plan = planColumns('leads', ['Nome', 'Telefone', 'Celular', 'Empresa', 'Origem', 'utm_campaign']);
    expect(plan.fields).to.deep.equal(['full_name', 'phone', null, 'company_name', 'customer_source', 'utm_campaign']);
  });

  it('applies a mapping: a column to a field, or left out with null or an empty name', () => {
    const plan = planColumns('clients', ['Cliente', 'Contato', 'Cidade', 'Obs'], { Contato: 'name', Cliente: null, Obs: '' });
    expect(plan.fields).to.deep.equal([null, 'name', 'address.city', null]);
  });

  it('moves a field the mapping gives to another column away from the column that had it by its header', () => {
    const plan = planColumns('leads', ['Nome', 'Apelido'], { Apelido: 'full_name' });
    expect(plan.fields).to.deep.equal([null, 'full_name']);
  });

  it('refuses a mapping to an unknown field or from a column the file does not have, on options.mapping', () => {
    const unknown = failure(() => planColumns('clients', ['Nome'], { Nome: 'nickname' }));
    expect(unknown.details).to.deep.include({ field: 'options.mapping' });
    expect(unknown.message).to.match(/nickname/);
    const missing = failure(() => planColumns('clients', ['Nome'], { Celular: 'mobile_phone' }));
    expect(missing.details).to.deep.include({ field: 'options.mapping' });
    expect(missing.message).to.match(/Celular/);
    expect(() => planColumns('leads', ['Nome'], { Nome: 'cpf' })).to.throw(ValidationFailed);
  });

  it('refuses a file without a column for the required field, naming the headers it saw', () => {
    const e = failure(() => planColumns('leads', ['E-mail', 'Telefone']));
    expect(e.details).to.deep.include({ field: 'file', reason: 'no_required_column' });
    expect(e.message)
      .to.match(/full_name/)
      .and.match(/E-mail, Telefone/);
    expect(() => planColumns('clients', ['Nome'], { Nome: null })).to.throw(ValidationFailed);
  });
});

const clientPlan = (headers: string[]): ColumnPlan => planColumns('clients', headers);

describe('readClientRow', () => {
  it('reads a Brazilian row: trimmed cells, CPF digits, day-first date, UF upper-cased, tags split', () => {
    const plan = clientPlan(['Nome', 'E-mail', 'Telefone', 'CPF', 'Data de nascimento', 'Cidade', 'UF', 'Tags', 'Observações']);
    const reading = readClientRow(plan, [
      '  MARIA   DA CONCEIÇÃO ',
      ' maria@example.com',
      '(11) 98765-4321',
      '529.982.247-25',
      '31/12/1990',
      'São Paulo',
      'sp',
      'vip; novo',
      'Linha 1\nLinha 2 ',
    ]);
    expect(reading).to.deep.equal({
      command: {
        type: 'PF',
        name: 'MARIA DA CONCEIÇÃO',
        email: 'maria@example.com',
        phone: '(11) 98765-4321',
        cpf: '52998224725',
        birthDate: '1990-12-31',
        address: { city: 'São Paulo', state: 'SP' },
        tags: ['vip', 'novo'],
        notes: 'Linha 1\nLinha 2',
      },
      problems: [],
    });
  });

  it('leaves empty cells out of the command', () => {
    const reading = readClientRow(clientPlan(['Nome', 'E-mail', 'Cidade']), ['Ana', '  ', '']);
    expect(reading.command).to.deep.equal({ type: 'PF', name: 'Ana' });
  });

  it('takes PJ when a CNPJ is given and no type, and reads the type when given', () => {
    const plan = clientPlan(['Nome', 'CNPJ', 'Nome fantasia', 'Tipo']);
    expect(readClientRow(plan, ['Padaria Ltda', '11.222.333/0001-81', 'Pão Quente', '']).command).to.deep.include({
      type: 'PJ',
      cnpj: '11222333000181',
      tradeName: 'Pão Quente',
    });
    expect(readClientRow(plan, ['Ana', '', '', 'Pessoa Física']).command?.type).to.equal('PF');
    expect(readClientRow(plan, ['Bar', '', '', 'jurídica']).command?.type).to.equal('PJ');
  });

  it('warns and leaves the field empty for a CPF, CNPJ, e-mail, date or type it cannot read', () => {
    const plan = clientPlan(['Nome', 'CPF', 'CNPJ', 'E-mail', 'Nascimento', 'Tipo']);
    const reading = readClientRow(plan, ['Ana', '529.982.247-26', '11222333000182', 'ana-at-example', '31/02/1990', 'ONG']);
    expect(reading.command).to.deep.equal({ type: 'PF', name: 'Ana' });
    expect(reading.problems.map((p) => [p.level, p.field, p.column])).to.deep.equal([
      ['warning', 'cpf', 'CPF'],
      ['warning', 'cnpj', 'CNPJ'],
      ['warning', 'email', 'E-mail'],
      ['warning', 'birth_date', 'Nascimento'],
      ['warning', 'type', 'Tipo'],
    ]);
    expect(reading.problems[3].message).to.match(/31\/02\/1990/);
  });

  it('refuses a row without a name', () => {
    const reading = readClientRow(clientPlan(['Nome', 'E-mail']), ['  ', 'ana@example.com']);
    expect(reading.command).to.equal(undefined);
    expect(reading.problems).to.deep.equal([{ level: 'error', field: 'name', column: 'Nome', message: 'name is empty' }]);
  });

  it('refuses a row with more values than the header has columns', () => {
    const reading = readClientRow(clientPlan(['Nome', 'Cidade']), ['Ana', 'Santos', '', 'SP', '']);
    expect(reading.command).to.equal(undefined);
    expect(reading.problems).to.deep.equal([{ level: 'error', message: 'this row has 4 values but the header has 2 columns' }]);
    expect(readClientRow(clientPlan(['Nome', 'Cidade']), ['Ana', 'Santos', ' ', '']).command).to.deep.equal({
      type: 'PF',
      name: 'Ana',
      address: { city: 'Santos' },
    });
  });

  it('reads the address and the other fields under their API names, in camel case', () => {
    const plan = clientPlan([
      'Name',
      'Apelido',
      'Celular',
      'WhatsApp',
      'RG',
      'Sexo',
      'Inscrição estadual',
      'IM',
      'Logradouro',
      'Número',
      'Complemento',
      'Bairro',
      'CEP',
      'País',
      'Origem',
    ]);
    const row = [
      'Ana',
      'Aninha',
      '11 98765-4321',
      '11987654321',
      '12.345.678-9',
      'F',
      '123',
      '456',
      'Rua A',
      '10',
      'ap 2',
      'Centro',
      '01001-000',
      'Brasil',
      'Indicação',
    ];
    expect(readClientRow(plan, row).command).to.deep.equal({
      type: 'PF',
      name: 'Ana',
      displayName: 'Aninha',
      mobilePhone: '11 98765-4321',
      whatsapp: '11987654321',
      rg: '12.345.678-9',
      gender: 'F',
      stateRegistration: '123',
      municipalRegistration: '456',
      address: { street: 'Rua A', number: '10', complement: 'ap 2', neighborhood: 'Centro', zipCode: '01001-000', country: 'Brasil' },
      source: 'Indicação',
    });
  });
});

describe('readLeadRow', () => {
  const plan = planColumns('leads', ['Nome', 'E-mail', 'Telefone', 'Empresa', 'Origem', 'Tags', 'Observações', 'utm_source']);

  it('reads phones as people type them into the stored form', () => {
    for (const phone of ['(11) 98765-4321', '011 98765 4321', '+55 11 987654321']) {
      expect(readLeadRow(plan, ['Ana', '', phone]).command?.phone, phone).to.equal('+5511987654321');
    }
  });

  it('reads a whole row', () => {
    const reading = readLeadRow(plan, [
      ' FERNANDA  LIMA ',
      'fernanda@example.com',
      '(11) 98765-4321',
      'Lima & Filhos',
      'Instagram',
      'quente|vip',
      'Ligar\nUrgente',
      'google',
    ]);
    expect(reading).to.deep.equal({
      command: {
        fullName: 'FERNANDA LIMA',
        email: 'fernanda@example.com',
        phone: '+5511987654321',
        companyName: 'Lima & Filhos',
        customerSource: 'Instagram',
        tags: ['quente', 'vip'],
        notes: 'Ligar\nUrgente',
        utmSource: 'google',
      },
      problems: [],
    });
  });

  it('warns about a phone or e-mail it cannot read and keeps the lead', () => {
    const reading = readLeadRow(plan, ['Ana', 'ana@', '98765-4321']);
    expect(reading.command).to.deep.equal({ fullName: 'Ana' });
    expect(reading.problems.map((p) => [p.level, p.field, p.column])).to.deep.equal([
      ['warning', 'email', 'E-mail'],
      ['warning', 'phone', 'Telefone'],
    ]);
  });

  it('refuses a row without a name', () => {
    expect(readLeadRow(plan, ['', 'ana@example.com']).problems).to.deep.equal([
      { level: 'error', field: 'full_name', column: 'Nome', message: 'full_name is empty' },
    ]);
  });
});
