import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/** Small modules the landing page shares with the other public pages: one chunk instead of six tiny ones. */
const MARKETING_SHARED = [
  "features/marketing/ui.tsx",
  "features/marketing/rich-text.tsx",
  "features/marketing/styles.ts",
  "features/marketing/icons.tsx",
  "features/marketing/pricing.ts",
  "components/ui/TaggedText.tsx",
  "lib/use-document-title.ts",
].map((file) => `/web/src/${file}`);

export default defineConfig({
  root: "web",
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Every request costs about 1 KB of headers: the first load is one app chunk (everything the entry
        // imports statically, React and i18next included), the language's texts and the page's chunks.
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"], priority: 2 },
            {
              name: "marketing",
              test: (id) => MARKETING_SHARED.some((file) => id.replaceAll("\\", "/").endsWith(file)),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/auth": "http://localhost:3000",
      "/callback": "http://localhost:3000",
    },
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: "prompt",
      injectRegister: null,
      manifest: {
        name: "CHITTA",
        short_name: "CHITTA",
        description: "Dream translation and a private dream journal",
        theme_color: "#0f0b1e",
        background_color: "#0f0b1e",
        display: "standalone",
        start_url: "/dream-input",
        icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any maskable" }],
      },
      workbox: {
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/auth(\?|$)/, /^\/callback/],
        globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
      },
    }),
  ],
});
