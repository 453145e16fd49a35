// ESLint: typescript-eslint's recommended type-aware rules over the product, its tests and the benchmark.
// Formatting is Prettier's (`.prettierrc.json`); the layer rules are dependency-cruiser's (`.dependency-cruiser.cjs`).
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bin/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A parameter a signature needs but the body does not read is named `_…`.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    // The memory adapters (and the sandbox channel) implement asynchronous ports with synchronous code: `async` keeps a throw a
    // rejected promise, as it is from the SQL adapters, so an `async` method without `await` is intended.
    files: ['adapters/persistence/memory/**/*.ts', 'adapters/whatsapp/sandbox-provider.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests read JSON answers (supertest types a body as `any`, and so do the tests' own readers of one)
    // and stand in for ports with synchronous fakes: the rules about `any` values and `async` without
    // `await` would only add casts to them. Chai's property assertions (`expect(x).to.be.empty`) are
    // expressions, and a test keeps a fake's method aside to put it back.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
