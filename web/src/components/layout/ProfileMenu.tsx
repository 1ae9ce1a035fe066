import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { useAuth } from "../../features/auth/auth-context";
import { ChevronDownIcon, UserIcon } from "./icons";
import { accountNavItems, isActivePath } from "./nav-items";
import { profileTriggerClass } from "./ProfileMenuPlaceholder";

const itemClass =
  "flex min-h-11 cursor-pointer items-center rounded-md px-3 text-sm text-slate-800 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-violet-100 aria-[current=page]:font-semibold aria-[current=page]:text-violet-800 dark:text-slate-100 dark:data-[highlighted]:bg-night-700 dark:aria-[current=page]:text-moon-300";

/** The account menu (Radix DropdownMenu: keyboard operable, closes on an outside click or Escape). */
export default function ProfileMenu() {
  const { t } = useTranslation();
  const { user, logout, isLoggingOut } = useAuth();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change closes the menu.
  useEffect(() => setOpen(false), [location]);

  if (!user) return null;
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        aria-label={t("layout.accountMenu", { username: user.username })}
        className={profileTriggerClass}
      >
        <UserIcon />
        <span className="truncate">{user.username}</span>
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-[14rem] rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl dark:border-night-700 dark:bg-night-900"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600 dark:text-slate-300">
            {t("layout.signedInAs")}{" "}
            <span className="block truncate text-sm font-semibold text-slate-900 dark:text-white">
              {user.username}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-night-700" />
          {accountNavItems(user).map((item) => (
            <DropdownMenu.Item key={item.href} asChild className={itemClass}>
              <Link href={item.href} aria-current={isActivePath(location, item.href) ? "page" : undefined}>
                {t(item.labelKey)}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-night-700" />
          <DropdownMenu.Item
            className={itemClass}
            disabled={isLoggingOut}
            onSelect={(event) => {
              // Keep the menu open so 'Logging out...' is visible until the app moves to /login.
              event.preventDefault();
              void logout();
            }}
          >
            {isLoggingOut ? t("layout.loggingOut") : t("layout.logout")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
