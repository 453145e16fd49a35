import { expect } from 'chai';
import { loadConfig } from '../../../bootstrap/config';

describe('Configuration: CORS_ORIGINS', () => {
  it('allows no origin by default, and reads a comma-separated list of origins', () => {
    expect(loadConfig({}).corsOrigins).to.deep.equal([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://painel.agencia.com.br, http://localhost:5173' }).corsOrigins)
      .to.deep.equal(['https://painel.agencia.com.br', 'http://localhost:5173']);
  });

  it('refuses what is not exactly an origin, naming it', () => {
    for (const bad of ['*', 'painel.agencia.com.br', 'https://painel.agencia.com.br/', 'https://x.com/app', 'ftp://x.com']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).to.throw(/CORS_ORIGINS/);
    }
  });
});
