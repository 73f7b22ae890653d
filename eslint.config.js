// ESLint (flat config): TypeScript, React, hooks, accessibility and imports, plus the layer rules of
// docs/decisions/0009-layers.md, so an import that runs back up a layer fails `npm test`.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { layerRules } from "./eslint.layers.js";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-bench/",
      "data/",
      "drizzle/",
      "public/",
      "test-results/",
      "playwright-report/",
      "tests/.tmp/",
      ".cache/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ["eslint.config.js", "postcss.config.js", "scripts/*.mjs"],
          // the plain-JavaScript scripts outgrew the default of 8 files; they are few and small
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 24,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      react: { version: "detect" },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // money and stock: a promise nobody awaits is a write nobody checks
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "import-x/no-duplicates": "error",
      "import-x/first": "error",
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      // the namespace/default checks are TypeScript's job (and slow)
      "import-x/namespace": "off",
      "import-x/default": "off",
      "import-x/no-named-as-default-member": "off",
      // `import Stripe from "stripe"` and `import importX from …` are those packages' documented forms
      "import-x/no-named-as-default": "off",
      "import-x/no-unresolved": ["error", { ignore: ["\\?url$"] }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": "off",
    },
  },
  {
    // the shop's modules never import a test, so a cycle among them is found from them alone; the tests' own helpers
    // are not checked for cycles among themselves. Walking the whole graph again from each test file was a quarter
    // of the lint's rule time
    ignores: ["tests/**"],
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["app/**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      "react/no-unknown-property": ["error", { ignore: ["fetchpriority"] }],
    },
  },
  {
    // Playwright specs run in the browser's page context too
    files: ["tests/e2e/**/*.ts"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  ...layerRules,
);
