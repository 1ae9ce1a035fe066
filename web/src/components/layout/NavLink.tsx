import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { isActivePath, type NavItem } from "./nav-items";

export function PremiumBadge() {
  const { t } = useTranslation();
  return (
    <>
      <span
        aria-hidden="true"
        className="rounded bg-star-300 px-1.5 py-0.5 text-[0.65rem] leading-none font-bold tracking-wide text-night-950"
      >
        {t("nav.premiumBadge")}
      </span>
      <span className="sr-only">{t("nav.premiumBadgeHint")}</span>
    </>
  );
}

/** A navigation link marked aria-current="page" on its own page. */
export function NavLink({
  item,
  className,
  onNavigate,
}: {
  item: NavItem;
  className: string;
  onNavigate?(): void;
}) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const active = isActivePath(location, item.href);
  return (
    <Link
      href={item.href}
      aria-current={active ? "page" : undefined}
      className={className}
      onClick={onNavigate}
      data-active={active}
    >
      <span>{t(item.labelKey)}</span>
      {item.premiumBadge ? <PremiumBadge /> : null}
    </Link>
  );
}

/** Desktop header links: 44 px tall, underline on the current page. */
export const desktopLinkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-violet-100 hover:text-slate-900 aria-[current=page]:text-violet-800 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8 dark:text-slate-200 dark:hover:bg-night-700 dark:hover:text-white dark:aria-[current=page]:text-moon-300";

/** Mobile menu rows: full width, 48 px tall. */
export const mobileLinkClass =
  "flex min-h-12 w-full items-center gap-2 rounded-lg px-3 text-base text-slate-800 hover:bg-violet-100 aria-[current=page]:bg-violet-100 aria-[current=page]:font-semibold aria-[current=page]:text-violet-800 dark:text-slate-100 dark:hover:bg-night-700 dark:aria-[current=page]:bg-night-700 dark:aria-[current=page]:text-moon-300";
