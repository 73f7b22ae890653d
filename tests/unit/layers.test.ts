import path from "node:path";
import { ESLint } from "eslint";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { layerRules } from "../../eslint.layers.js";

const root = path.resolve(import.meta.dirname, "../..");
// the project's layer rules alone (the full config's type-aware rules would build a TypeScript program first)
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ["**/*.{ts,tsx}"],
      languageOptions: { parser: tseslint.parser },
      plugins: { "import-x": importX },
      settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    },
    ...layerRules,
  ],
});

/** The layer-rule messages ESLint gives for `code` as if it were the file at `file`. */
async function layerErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const rules = ["import-x/no-restricted-paths", "no-restricted-properties"];
  return result!.messages.filter((m) => rules.includes(m.ruleId ?? "")).map((m) => m.message);
}

// docs/decisions/0009-layers.md: each row is an import that runs back up a layer
const BACKWARDS: Array<[file: string, code: string]> = [
  ["app/services/access.ts", 'import { endpoints } from "~/api/app";\nexport const x = endpoints;\n'],
  ["app/services/access.ts", 'import { callApi } from "~/client/api.server";\nexport const x = callApi;\n'],
  ["app/db/client.server.ts", 'import { getCart } from "~/services/orders/cart.server";\nexport const x = getCart;\n'],
  ["app/api/app.ts", 'import { getAuth } from "~/client/auth.server";\nexport const x = getAuth;\n'],
  ["app/client/api.server.ts", 'import { getCart } from "~/services/orders/cart.server";\nexport const x = getCart;\n'],
  ["app/routes/shop/home.tsx", 'import { getDb } from "~/db/client.server";\nexport const x = getDb;\n'],
  [
    "app/routes/shop/home.tsx",
    'import { searchProducts } from "~/services/catalogue/search.server";\nexport const x = searchProducts;\n',
  ],
  [
    "app/components/shop/product-card.tsx",
    'import { DeleteProductLink } from "~/components/admin/delete-product";\nexport const x = DeleteProductLink;\n',
  ],
  ["app/components/ui/toast.tsx", 'import { callApi } from "~/client/api.server";\nexport const x = callApi;\n'],
  ["app/schemas/orders.ts", 'import { formatPrice } from "~/lib/money";\nexport const x = formatPrice;\n'],
  ["app/lib/money.ts", 'import { getAuth } from "~/client/auth.server";\nexport const x = getAuth;\n'],
  [
    "app/services/accounts/users.server.ts",
    'import { isSpam } from "~/web/honeypot.server";\nexport const x = isSpam;\n',
  ],
  ["app/api/app.ts", 'import { getDb } from "~/db/client.server";\nexport const x = getDb;\n'],
  ["app/components/shop/price.tsx", 'import { getConfig } from "~/lib/env.server";\nexport const x = getConfig;\n'],
  [
    "app/routes/shop/home.tsx",
    'import { endpoints } from "~/client/api.server";\nexport const x = endpoints.cart.get.handle;\n',
  ],
  ["app/client/auth.server.ts", 'import { requireAuth } from "~/web/guards.server";\nexport const x = requireAuth;\n'],
  ["app/web/guards.server.ts", 'import { getCart } from "~/services/orders/cart.server";\nexport const x = getCart;\n'],
  ["app/lib/log.server.ts", 'import { getDb } from "~/db/client.server";\nexport const x = getDb;\n'],
  [
    "app/components/shop/price.tsx",
    'import { createLogger } from "~/lib/log.server";\nexport const x = createLogger;\n',
  ],
];

describe("the layer rules", () => {
  it.each(BACKWARDS)("refuse an import that runs back up: %s", async (file, code) => {
    expect(await layerErrors(file, code)).toHaveLength(1);
  });

  it("allow the imports that run down", async () => {
    expect(
      await layerErrors(
        "app/routes/shop/home.tsx",
        'import { callApi } from "~/client/api.server";\nexport const x = callApi;\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/client/api.server.ts",
        'import { endpoints } from "~/api/app";\nexport const x = endpoints;\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/services/orders/cart.server.ts",
        'import { getDb } from "~/db/client.server";\nexport const x = getDb;\n',
      ),
    ).toEqual([]);
    for (const [file, code] of [
      [
        "app/services/orders/cart.server.ts",
        'import { getConfig } from "~/lib/env.server";\nexport const x = getConfig;\n',
      ],
      ["app/components/shop/price.tsx", 'import { formatPrice } from "~/lib/money";\nexport const x = formatPrice;\n'],
    ] as const) {
      expect(await layerErrors(file, code)).toEqual([]);
    }
  });
});
