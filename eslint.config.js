import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layers from './eslint/layers.js';

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'dist', 'coverage', 'test-results', 'playwright-report', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The layout the folder READMEs describe (eslint/layers.js).
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { layers },
    rules: {
      'layers/layers': 'error',
      'layers/no-import-cycle': 'error',
    },
  },
);
