import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const firebaseOutsideDataLayer = {
  group: ['firebase/*', 'firebase'],
  message: 'Only src/data/ talks to Firebase (design.md: the UI never imports firebase/*).',
};

export default tseslint.config(
  { ignores: ['dist', 'dist-bench', 'functions/lib', 'node_modules', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [firebaseOutsideDataLayer] }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            firebaseOutsideDataLayer,
            {
              group: [
                'react',
                'react-dom',
                '@mui/*',
                '@/data/*',
                '@/features/*',
                '@/app/*',
                '@/components/*',
              ],
              message: 'src/domain is pure TypeScript shared with the server.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/data/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': 'off' } },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            firebaseOutsideDataLayer,
            {
              group: ['@/features/*', `!@/features/${feature}`, '../*/**', '@/app/*'],
              message:
                'Features do not import each other or the app; the route files in src/app compose them.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.ts', 'src/config/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            firebaseOutsideDataLayer,
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
);
