// Lint: typescript-eslint with type information, strict where mistakes hide: promises nobody awaits or that
// land where a callback is expected, `any` flowing into typed code, unused code, needless assertions.
// Formatting is Prettier's alone (eslint-config-prettier turns off the rules it owns). `npm run lint` runs this,
// Prettier's check and the size rule (scripts/check-sizes.mjs).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'tools/index.ts', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { project: './tsconfig.lint.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // An async function without await is how an interface that may await is implemented; not a mistake.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The browser modules run in the page.
    files: ['src/web/client/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Tests read parsed JSON answers, which are `any` by nature; everything else holds for them too.
    files: ['test/**/*.ts', 'vitest.*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
