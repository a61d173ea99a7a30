// ESLint with typescript-eslint's type-aware recommended rules (recommendedTypeChecked): floating
// and misused promises, unused variables and imports, unsafe `any`. docs/development.md#lint-and-unused-code
// says what runs and why; each rule turned off below says why in its line.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'build/', '.cache/', 'content/', 'test/fixtures/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An async function without await is how an implementation of a Promise-returning interface
      // turns a throw into a rejection; dropping `async` would change where such errors surface.
      '@typescript-eslint/require-await': 'off',
      // `_`, `_name`: a value left out on purpose (`const { id: _, ...rest } = object`, an unused parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Every finding was a deliberate String() of a value of unknown shape (a thrown value, a YAML
      // scalar, a query value) for a message; template literals are checked by restrict-template-expressions.
      '@typescript-eslint/no-base-to-string': 'off',
      // A caught value passed on unchanged (`.catch((error: unknown) => Promise.reject(error))`) is not ours to wrap.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // `interface Classification extends TreeNode<Classification> {}` names a type; the rule allows that form.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read answers as parsed JSON (`await response.json()`, `JSON.parse`: `any`) and assert
      // their shape with expect(); typing each of them would add a type per answer and check nothing more.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests destructure helpers' plain objects (`const { path, remove } = await tempDir()`), whose methods use no `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Plain JavaScript outside tsconfig.json: the Netlify build plugin (run by Netlify's Node) and
    // the TypeScript worker loader.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
