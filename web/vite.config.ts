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
  "features/marketing/api.ts",
  "components/ui/TaggedText.tsx",
  "components/ui/LinkButton.tsx",
  "lib/use-document-title.ts",
].map((file) => `/web/src/${file}`);

/**
 * What the dream-core pages (/dream-input, /interpretation, /journal, /personal-symbols and the symbol admin
 * tools) share, in one chunk so the app's page map names one file instead of a dozen small ones. Only
 * modules whose own imports are in the app chunk or in this list: a captured module takes its imports
 * along, and form controls shared with the sign-in pages must stay out of it.
 */
const DREAMS_SHARED = [
  "auto-title.ts",
  "constants.ts",
  "draft.ts",
  "dreams-api.ts",
  "format.ts",
  "highlight.ts",
  "journal-query.ts",
  "last-translation.ts",
  "translation-error.ts",
  "translation-text.ts",
  "use-dictation.ts",
  "validate-dream.ts",
  "icons.tsx",
  "HighlightedDream.tsx",
  "TranslationText.tsx",
  "SymbolList.tsx",
  "DreamResult.tsx",
]
  .map((file) => `/web/src/features/dreams/${file}`)
  .concat("/web/src/features/admin/api.ts");

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
            {
              name: "dreams",
              test: (id) => DREAMS_SHARED.some((file) => id.replaceAll("\\", "/").endsWith(file)),
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
      // A service worker of our own (web/src/sw.ts): push, notification clicks and the offline outbox's sync
      // need code Workbox's generated worker cannot hold.
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      // A new version waits for the user's Reload (features/pwa), registered by the app after load and idle.
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "CHITTA",
        short_name: "CHITTA",
        description: "Dream translation and a private dream journal",
        // One manifest serves both languages (browsers do not localise it yet); the app itself follows the
        // reader's language.
        lang: "en",
        dir: "ltr",
        theme_color: "#0f0b1e",
        background_color: "#0f0b1e",
        display: "standalone",
        start_url: "/dream-input",
        scope: "/",
        categories: ["lifestyle", "health"],
        // Drawn from icon.svg by scripts/make-icons.ts.
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
      },
    }),
  ],
});
