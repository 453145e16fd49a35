import { expect } from 'chai';
import { loadConfig } from '../../../bootstrap/config';

describe('PUBLIC_BASE_URL', () => {
  it('is where the API is reached from outside, kept without its trailing slashes', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://api.agencia.com.br/' }).publicBaseUrl).to.equal('https://api.agencia.com.br');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://agencia.com.br/workspace//' }).publicBaseUrl).to.equal(
      'https://agencia.com.br/workspace',
    );
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://10.0.0.5:8080' }).publicBaseUrl).to.equal('http://10.0.0.5:8080');
  });

  it('is the listening address when unset: a wildcard address as the loopback one, IPv6 in brackets', () => {
    expect(loadConfig({}).publicBaseUrl).to.equal('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicBaseUrl).to.equal('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '::' }).publicBaseUrl).to.equal('http://[::1]:3000');
    expect(loadConfig({ HOST: 'api.interna', PORT: '80' }).publicBaseUrl).to.equal('http://api.interna:80');
  });

  it('refuses what is not an http(s) URL, or one with a query or a fragment, naming the variable', () => {
    for (const bad of [
      'api.example.com',
      'ftp://api.example.com',
      'https://api.example.com/?a=1',
      'https://api.example.com/#x',
      'http://',
    ]) {
      expect(() => loadConfig({ PUBLIC_BASE_URL: bad }), bad).to.throw(/^PUBLIC_BASE_URL: got .*; takes an http:\/\/ or https:\/\/ URL/);
    }
  });
});
