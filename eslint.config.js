import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'build', 'build-*', 'data', '.react-router', 'test-results', 'playwright-report', 'tmp-scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      // React Router's public API only (docs/decisions/public-react-router-api.md): its UNSAFE_
      // exports and underscore-prefixed properties may change in any 7.x release. `_id` is ours.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/^@?react-router/] > ImportSpecifier[imported.name=/^UNSAFE_/]',
          message: "React Router's UNSAFE_ exports are its internals: use its public API (docs/decisions/public-react-router-api.md).",
        },
        {
          selector: 'MemberExpression[property.name=/^_(?!id$)[a-zA-Z]/]',
          message: "An underscore-prefixed property is its library's internal: use its public API (docs/decisions/public-react-router-api.md).",
        },
      ],
    },
  },
  // The dependency direction (README, Architecture): app/lib holds the rules both sides share;
  // server/ and scripts/ use nothing else from app/, and browser code takes only types from server/.
  {
    files: ['server/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/components/**', '**/app/routes/**', '**/app/root*', '**/app/samples/**', '~/components/**', '~/routes/**'],
              message: 'server/ and scripts/ may import only app/lib/ (the shared rules) from app/. Move the shared rule to app/lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/lib/**/*.{ts,tsx}', 'app/components/**/*.{ts,tsx}', 'app/root.tsx', 'app/samples/**/*.ts'],
    ignores: ['**/*.server.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/server'],
              allowTypeImports: true,
              message: 'Browser code may import only types from server/. Server work belongs in a route loader or action, or in a .server.ts module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/lib/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/server'], allowTypeImports: true, message: 'app/lib is shared with server/: it imports no server code.' },
            { group: ['~/components/**', '~/routes/**', '**/components/**', '**/routes/**'], message: 'app/lib is shared with server/: it imports nothing from components or routes.' },
          ],
        },
      ],
    },
  },
);
