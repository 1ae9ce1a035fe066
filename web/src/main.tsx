import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { syncCustomDomainFlag } from "./lib/api";
import { initI18n } from "./lib/i18n";
import { applyStoredTheme } from "./lib/theme";
import "./styles.css";

syncCustomDomainFlag();
applyStoredTheme();
initI18n();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
