import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { hasSessionHint } from "./features/auth/auth-context";
import { startPwa } from "./features/pwa/start";
import { syncCustomDomainFlag } from "./lib/api";
import { initI18n } from "./lib/i18n";
import { applyStoredTheme } from "./lib/theme";
import { preloadPage } from "./pages/registry";
import "./styles.css";

syncCustomDomainFlag();
applyStoredTheme();
startPwa();
// The active language's texts and the page being opened download side by side; the first render waits for
// both, so it is already in the chosen language and shows the page rather than a spinner.
const ready = Promise.all([initI18n(), preloadPage(window.location.pathname, hasSessionHint())]);

function render() {
  const root = createRoot(document.getElementById("root")!);
  // As a transition React builds the first screen in slices of a few milliseconds, so the page never
  // stops answering while it renders; the result appears all at once, as before.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// Should the texts fail to arrive, the app renders anyway rather than stay blank.
void ready.then(render, render);
