// Lint rules that catch bugs, not style (the formatter owns layout): a promise nobody awaits
// or catches, a promise handed where a plain value or void callback is expected, an await on a
// non-promise, a value import kept for its type, an unused binding, and console output from
// core/ or tui/, where only the MCP transport may write stdout (SPEC §architecture
// `stdout-is-transport`; logs go through core/log.ts to stderr).
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const bugRules = {
  // node:test's runner awaits every test() and describe() itself; their promises are its own.
  '@typescript-eslint/no-floating-promises': [
    'error',
    { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] }] },
  ],
  '@typescript-eslint/no-misused-promises': 'error',
  '@typescript-eslint/await-thenable': 'error',
  // `typeof import('x')` types a module that is loaded lazily with await import(); like
  // `import type` it is erased, and it keeps the lazy load and its type in one place.
  '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
  '@typescript-eslint/no-unused-vars': [
    'error',
    { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
  ],
};

export default defineConfig(
  { ignores: ['dist/', 'dist.tmp-*/', 'dist.old-*/', 'node_modules/', '.bench/', 'vendor/', 'tests/fixtures/'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // The .mjs scripts are outside tsconfig.json (no allowJs); they get a default project
        // so the promise rules see their types too.
        projectService: {
          allowDefaultProject: ['*.js', 'scripts/*.mjs', 'scripts/*/*.mjs', 'tests/helpers/*.mjs'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 32,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: bugRules,
  },
  {
    files: ['core/**', 'tui/**'],
    rules: { 'no-console': 'error' },
  },
);
