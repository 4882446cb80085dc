import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layers from './eslint/layers.js';

/**
 * Lower server layers that still call a module directly, each to be given the module's function instead (ingestion
 * announcing what it stored, the email layer handed the stories and shares it reads). No file joins this list.
 */
const LOWER_LAYER_EXCEPTIONS = [
  'server/hn/ingest.ts',
  'server/http/api-docs.ts',
  'server/http/caching.ts',
  'server/email/alerts.ts',
  'server/email/digest.ts',
  'server/email/service.ts',
  'server/email/stories.ts',
];

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
      'layers/layers': ['error', { lowerLayerExceptions: LOWER_LAYER_EXCEPTIONS }],
      'layers/no-import-cycle': 'error',
    },
  },
);
