import { expect } from 'chai';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { requireSlug, slugify, uniqueSlug } from '../../../../domain/projects/slug';

describe('slugify', () => {
  it('lowers the case, strips accents and joins words with dashes', () => {
    expect(slugify('São Paulo')).to.equal('sao-paulo');
    expect(slugify('  Ação & Reação — Fase 2! ')).to.equal('acao-reacao-fase-2');
  });

  it('is empty when nothing usable is left', () => {
    expect(slugify('!!! ---')).to.equal('');
  });
});

describe('requireSlug', () => {
  it('normalizes a slug the client sent', () => {
    expect(requireSlug('Meu Projeto')).to.equal('meu-projeto');
    expect(requireSlug('meu-projeto')).to.equal('meu-projeto');
  });

  it('refuses a slug without letters or digits', () => {
    expect(() => requireSlug('---'))
      .to.throw(ValidationFailed)
      .with.property('details')
      .that.deep.equals({ field: 'slug' });
  });
});

describe('uniqueSlug', () => {
  it('uses the base when it is free', () => {
    expect(uniqueSlug('São Paulo', ['rio'])).to.equal('sao-paulo');
  });

  it('appends -2, -3 to a generated slug that collides', () => {
    expect(uniqueSlug('São Paulo', ['sao-paulo'])).to.equal('sao-paulo-2');
    expect(uniqueSlug('São Paulo', ['sao-paulo', 'sao-paulo-2'])).to.equal('sao-paulo-3');
    expect(uniqueSlug('São Paulo', ['sao-paulo', 'sao-paulo-3'])).to.equal('sao-paulo-2');
  });

  it('falls back to a fixed word when the name has no letters', () => {
    expect(uniqueSlug('???', [], 'project')).to.equal('project');
  });
});
