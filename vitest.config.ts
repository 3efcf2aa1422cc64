import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/browser/**", "node_modules/**"],
    // The property tests run thousands of cases; 5 s (the default) fails them on a loaded 2-core CI machine.
    testTimeout: 30_000,
  },
});
