import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'net',
  'url',
  'events',
  'util',
  'stream',
];

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'build/**', '.gpu/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.name='eval']", message: 'No eval.' }],
    },
  },
  {
    // The UI speaks only the contract: no Node, no Electron, no database.
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'electron', 'better-sqlite3', 'ws'],
              message: 'The renderer cannot use Node or Electron; call the API.',
            },
            { group: ['**/electron/**'], message: 'The renderer talks to the backend only through shared/contract.' },
          ],
        },
      ],
    },
  },
  {
    // shared/ holds the contract and domain types: no Node, no DOM, no backend.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'electron', 'better-sqlite3', 'react', 'react-dom'],
              message: 'shared/ must run anywhere.',
            },
            { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ depends on nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs', 'bin/**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        performance: 'readonly',
        // Benchmarks also pass functions to the page they drive.
        window: 'readonly',
        requestAnimationFrame: 'readonly',
      },
    },
  },
);
