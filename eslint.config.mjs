// ESLint flat config: typescript-eslint's type-checked recommendations, plus type-only imports
// written as such (so the cycle check and the bundles see which imports carry code) and no promise
// left floating (a forgotten await loses an error silently). Prettier owns the layout (.prettierrc).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.test-artifacts/**', '**/*.d.mts'] },
  {
    files: ['**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      // A leading underscore marks a name left unused on purpose (a positional parameter, a field
      // dropped from a rest spread); `...rest` siblings are how an object is copied without a key.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read JSON from real processes, sockets and files (CLI output, LSP messages, sandbox
    // answers) as `any`; a wrong shape fails the assertion that reads it, so typing each reply
    // would add casts, not safety. Every other rule applies to tests as to the sources.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Build, bench and config scripts in plain JavaScript: ESLint's recommended rules, Node's globals.
    files: ['**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
