import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { EmailVerificationBanner } from "../overlays/EmailVerificationBanner";
import { ErrorBoundary } from "../overlays/ErrorBoundary";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { DEFAULT_PARTICLE_COUNT, ParticleBackground, particleCountForViewport } from "./ParticleBackground";

/** The app frame of spec section 2: skip link, sticky header, email banner, page, footer, starfield. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [particleCount] = useState(() =>
    typeof window === "undefined"
      ? DEFAULT_PARTICLE_COUNT
      : particleCountForViewport(window.innerWidth, window.innerHeight),
  );

  return (
    <div className="relative isolate flex min-h-screen flex-col text-slate-900 dark:text-slate-100">
      <ParticleBackground count={particleCount} />
      <a
        href="#main"
        className="sr-only rounded-lg bg-violet-700 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] dark:bg-moon-300 dark:text-night-950"
      >
        {t("layout.skipToContent")}
      </a>
      <Header />
      <EmailVerificationBanner variant="banner" />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
