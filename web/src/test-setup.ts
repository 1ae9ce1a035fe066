import i18next from "i18next";
import { beforeEach } from "vitest";
import { initI18n, namespaces, supportedLanguages } from "./lib/i18n";

// The app downloads one language's texts at a time; tests hold every namespace of both languages up front,
// so rendering and switching the language are synchronous, as they are once a bundle has arrived.
await initI18n("en");
await i18next.loadNamespaces([...namespaces]);
await i18next.loadLanguages([...supportedLanguages]);

// Unit tests answer /api/user through stubbed fetch for guests and members alike, so they start with the
// server's session hint present; the hint-absent path has its own test (auth-context.test.tsx).
beforeEach(() => {
  document.cookie = "chitta_auth_hint=1; path=/";
});

// happy-dom has no HTMLSelectElement.size (browsers: 0 unless set). Without it react-hook-form takes a select
// as already edited and keeps its first option instead of the form's value.
if (!("size" in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, "size", {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute("size") ?? 0);
    },
  });
}
