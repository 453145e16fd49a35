import { expect } from 'chai';
import {
  FIELD_SEPARATOR,
  KEYS_MARKER,
  documentKey,
  foldText,
  matchesSearchText,
  phoneDigitsKey,
  searchQueryOf,
  searchTextOf,
} from '../../../../domain/shared/search-text';
import { NAMES, QUERIES } from '../../../support/search-cases';

describe('Search text folding', () => {
  it('folds every name and query of the table to its hand-written form', () => {
    for (const c of [...NAMES, ...QUERIES]) {
      expect(foldText(c.text), JSON.stringify(c.text)).to.equal(c.folded);
    }
  });

  it('makes José, JOSÉ, jose and a combining accent the same text, and Ação the same as acao', () => {
    const forms = ['José', 'JOSÉ', 'jose', 'JOSE', 'jose\u0301', 'JOSE\u0301'].map(foldText);
    expect(new Set(forms)).to.deep.equal(new Set(['jose']));
    expect(foldText('Ação')).to.equal('acao');
  });

  it('folds ß, ẞ and SS alike, İ and ı to i, and final sigma to sigma', () => {
    expect([foldText('ß'), foldText('ẞ'), foldText('SS')]).to.deep.equal(['ss', 'ss', 'ss']);
    expect([foldText('İ'), foldText('ı'), foldText('I')]).to.deep.equal(['i', 'i', 'i']);
    expect(foldText('ΟΣ')).to.equal(foldText('οσα').slice(0, 2));
  });

  it('is idempotent', () => {
    for (const c of [...NAMES, ...QUERIES]) expect(foldText(foldText(c.text))).to.equal(foldText(c.text));
  });

  it('turns control characters into spaces, so a folded query never holds a separator', () => {
    expect(foldText(`a${FIELD_SEPARATOR}b${KEYS_MARKER}c\nd\te`)).to.equal('a b c d e');
  });

  it('never matches a query across two fields', () => {
    const text = searchTextOf(['Alpha', 'Beta']);
    expect(matchesSearchText(text, searchQueryOf('alpha'))).to.equal(true);
    expect(matchesSearchText(text, searchQueryOf('BETA'))).to.equal(true);
    expect(matchesSearchText(text, searchQueryOf('alphabeta'))).to.equal(false);
    expect(matchesSearchText(text, searchQueryOf('alpha beta'))).to.equal(false);
    expect(matchesSearchText(text, searchQueryOf(`alpha${FIELD_SEPARATOR}beta`))).to.equal(false);
  });

  it('trims the term and treats a blank one as no filter', () => {
    expect(searchQueryOf('  José ')).to.deep.equal({ text: 'jose' });
    expect(searchQueryOf('   ')).to.equal(undefined);
    expect(searchQueryOf(undefined)).to.equal(undefined);
  });

  it('finds a formatted CPF, CNPJ or phone by its bare key, only among the keys', () => {
    const client = searchTextOf(['Ana', null, '39053344705', null], ['39053344705', null]);
    expect(matchesSearchText(client, searchQueryOf('390.533.447-05', documentKey))).to.equal(true);
    expect(matchesSearchText(client, searchQueryOf('390533', documentKey))).to.equal(true);
    const named = searchTextOf(['Josué'], []);
    // `José` has the letters and digits `Jos`, but a key form matches only identifiers, never a name.
    expect(matchesSearchText(named, searchQueryOf('José', documentKey))).to.equal(false);
    const lead = searchTextOf(['Joana', 'j@x.com', '+5511987654321'], ['5511987654321']);
    expect(matchesSearchText(lead, searchQueryOf('(11) 98765-4321', phoneDigitsKey))).to.equal(true);
    expect(phoneDigitsKey('98765')).to.equal(undefined);
    expect(phoneDigitsKey('a1')).to.equal(undefined);
  });
});
