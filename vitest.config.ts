import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Inline projects do not inherit the root test options unless they extend them.
        extends: true,
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "contract/**/*.test.ts"],
          globalSetup: ["server/test/global-setup.ts"],
          environment: "node",
          pool: "forks",
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          globalSetup: ["server/test/global-setup.ts"],
          environment: "node",
          pool: "forks",
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        esbuild: { jsx: "automatic" },
        test: {
          name: "web",
          include: ["web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["web/src/test-setup.ts"],
        },
      },
    ],
  },
});
