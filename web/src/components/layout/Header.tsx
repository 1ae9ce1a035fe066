import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { useAuth } from "../../features/auth/auth-context";
import { InstallButton } from "../../features/pwa/InstallButton";
import { OptionalBoundary } from "../overlays/OptionalBoundary";
import { iconButtonClass, LanguageSelect, ThemeToggle } from "./controls";
import { CloseIcon, MenuIcon } from "./icons";
import { desktopLinkClass, mobileLinkClass, NavLink } from "./NavLink";
import { accountNavItems, guestNavItems, memberNavItems } from "./nav-items";
import { ProfileMenuPlaceholder } from "./ProfileMenuPlaceholder";

// Members only: the menu's code (Radix DropdownMenu and its positioning) stays out of the landing page's JS.
const ProfileMenu = lazy(() => import("./ProfileMenu"));

/** Spec section 9: a toggle tap within 300 ms of the previous accepted one is ignored. */
export const MOBILE_MENU_DEBOUNCE_MS = 300;
export const MOBILE_MENU_ID = "mobile-menu";

export function acceptsToggle(now: number, lastAccepted: number | null): boolean {
  return lastAccepted === null || now - lastAccepted >= MOBILE_MENU_DEBOUNCE_MS;
}

export function Header() {
  const { t } = useTranslation();
  const { user, isLoading, logout, isLoggingOut } = useAuth();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const lastToggle = useRef<number | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: navigating closes the menu.
  useEffect(() => setMenuOpen(false), [location]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const toggleMenu = () => {
    const now = Date.now();
    if (!acceptsToggle(now, lastToggle.current)) return;
    lastToggle.current = now;
    setMenuOpen((open) => !open);
  };
  const closeMenu = () => setMenuOpen(false);

  // Logging out clears the user first (spec section 4): until /login shows, the header says so.
  const items = user ? memberNavItems(user) : isLoading || isLoggingOut ? [] : guestNavItems;
  const showGuestNav = !user && !isLoading && !isLoggingOut;
  const accountItems = user ? accountNavItems(user) : [];

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-night-700 dark:bg-night-950/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-4">
        <Link
          href={user ? "/dream-input" : "/"}
          aria-label={t("layout.homeLink")}
          className="inline-flex min-h-11 items-center rounded-lg px-1 text-xl font-bold tracking-[0.2em] text-violet-800 dark:text-moon-300"
        >
          {t("common.appName")}
        </Link>

        {showGuestNav ? (
          <nav aria-label={t("nav.primary")} className="ml-auto hidden md:block">
            <ul className="flex items-center gap-1">
              {items.map((item) => (
                <li key={item.href}>
                  <NavLink
                    item={item}
                    className={
                      item.href === "/signup"
                        ? "ml-1 inline-flex min-h-11 items-center rounded-lg bg-violet-700 px-4 text-sm font-semibold text-white hover:bg-violet-800 dark:bg-moon-300 dark:text-night-950 dark:hover:bg-moon-400"
                        : desktopLinkClass
                    }
                  />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <div className={`flex items-center gap-1 sm:gap-2 ${showGuestNav ? "ml-auto md:ml-2" : "ml-auto"}`}>
          <InstallButton variant="header" />
          <LanguageSelect className="hidden sm:inline-flex" />
          <ThemeToggle />
          {user ? (
            <div className="hidden md:block">
              <OptionalBoundary fallback={<ProfileMenuPlaceholder username={user.username} />}>
                <Suspense fallback={<ProfileMenuPlaceholder username={user.username} />}>
                  <ProfileMenu />
                </Suspense>
              </OptionalBoundary>
            </div>
          ) : isLoggingOut ? (
            <button
              type="button"
              disabled
              className="hidden min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm opacity-70 md:inline-flex dark:border-night-700"
            >
              {t("layout.loggingOut")}
            </button>
          ) : null}
          <button
            ref={toggleRef}
            type="button"
            className={`${iconButtonClass} md:hidden`}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? t("layout.closeMenu") : t("layout.openMenu")}
            onClick={toggleMenu}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      {user ? (
        <nav
          aria-label={t("nav.primary")}
          className="hidden border-t border-slate-200 md:block dark:border-night-700"
        >
          <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 px-2 py-1 sm:px-3">
            {items.map((item) => (
              <li key={item.href}>
                <NavLink item={item} className={desktopLinkClass} />
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div
        id={MOBILE_MENU_ID}
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 px-3 pt-2 pb-4 md:hidden dark:border-night-700"
      >
        <nav aria-label={t("nav.mobile")}>
          <ul className="flex flex-col gap-0.5">
            {[...items, ...accountItems].map((item) => (
              <li key={item.href}>
                <NavLink item={item} className={mobileLinkClass} onNavigate={closeMenu} />
              </li>
            ))}
          </ul>
        </nav>
        <InstallButton variant="menu" onDone={closeMenu} />
        {user || isLoggingOut ? (
          <button
            type="button"
            className={`${mobileLinkClass} mt-1 disabled:cursor-not-allowed disabled:opacity-60`}
            disabled={isLoggingOut}
            onClick={() => void logout()}
          >
            {isLoggingOut ? t("layout.loggingOut") : t("layout.logout")}
          </button>
        ) : null}
        <div className="mt-3 border-t border-slate-200 pt-3 sm:hidden dark:border-night-700">
          <LanguageSelect className="w-full [&>select]:w-full" />
        </div>
      </div>
    </header>
  );
}
