// ESLint flat config: typescript-eslint's type-checked recommendations, plus type-only imports
// written as such (so the cycle check and the bundles see which imports carry code) and no promise
// left floating (a forgotten await loses an error silently). Prettier owns the layout (.prettierrc).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.test-artifacts/**', '**/*.mjs', '**/*.d.mts', 'scripts/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
);
