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
        // A message missing from the Swahili catalog fails the Swahili build only through a named
        // import; through `m.x` it silently becomes undefined (docs/decisions/swahili-i18n.md).
        {
          selector: 'ImportDeclaration[source.value=/^#messages/] > ImportNamespaceSpecifier',
          message: 'Import messages by name from #messages/* (import { postAd } from ...): a namespace import hides a message missing in one language.',
        },
        {
          selector: 'ImportExpression[source.value=/^#messages/]',
          message: 'Import messages by name from #messages/* (a static import): a dynamic import hides a message missing in one language.',
        },
      ],
    },
  },
  // The service worker runs in the browser, with the build's settings the server writes above it (server/pwa/).
  { files: ['server/pwa/service-worker.js'], languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker, BUILD: 'readonly' } } },
  // The dependency direction (README, Architecture). kernel/ holds the rules both sides share and
  // imports neither side; server/ and scripts/ never import app/; in app/ only route modules (for
  // their loaders and actions, which React Router keeps out of the browser build) and *.server.ts
  // files import server code; components and app/lib import none of it, not even types.
  {
    files: ['kernel/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**', '**/server/**', '~/**', 'react', 'react-dom', 'react-dom/*', 'react-router', 'react-router/*'], message: 'kernel/ is shared by app/ and server/: it imports neither, nor a framework.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**', '**/app', '~/**'], message: 'server/ and scripts/ never import app/. A rule both sides use belongs in kernel/ (import it as #kernel/<file>.ts).' },
            // #messages/* follows the page build's language; the server chooses its language per request (docs/decisions/swahili-i18n.md).
            { group: ['\\#messages/*'], message: 'server/ and scripts/ never import #messages/*: it is the page build\'s language, not the request\'s. Take a language\'s catalog by path (kernel/i18n/<locale>/).' },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/routes/**', '**/*.server.{ts,tsx}', 'app/context.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/server'],
              message: 'Only route modules (their loaders and actions) and *.server.ts files import server code, types included. Server work belongs in a route loader or action; a rule or shape both sides use belongs in kernel/.',
            },
          ],
        },
      ],
    },
  },
);
