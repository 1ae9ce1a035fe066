/** Header navigation of spec section 2, as data: tested without rendering. */
export interface NavItem {
  href: string;
  /** i18n key of the label. */
  labelKey: string;
  premiumBadge?: boolean;
}

export interface NavUser {
  isAdmin: boolean;
  /** The server's decision (a premium tier or unlimited access), never re-derived here. */
  isPremium: boolean;
  affiliateStatus: string;
}

export const guestNavItems: NavItem[] = [
  { href: "/", labelKey: "nav.home" },
  { href: "/learn", labelKey: "nav.learn" },
  { href: "/login", labelKey: "nav.login" },
  { href: "/signup", labelKey: "nav.signup" },
];

/** The oracle carries a PREMIUM badge unless the user is premium, has unlimited access or is an admin. */
export function showsPremiumBadge(user: NavUser): boolean {
  return !(user.isPremium || user.isAdmin);
}

/** The signed-in navigation; the profile entry lives in the account menu. */
export function memberNavItems(user: NavUser): NavItem[] {
  const items: NavItem[] = [
    { href: "/dream-input", labelKey: "nav.dreamInput" },
    { href: "/oracle", labelKey: "nav.oracle", premiumBadge: showsPremiumBadge(user) },
    { href: "/memory-lane", labelKey: "nav.memoryLane" },
    { href: "/community", labelKey: "nav.community" },
    { href: "/referrals", labelKey: "nav.referrals" },
    { href: "/insights", labelKey: "nav.insights" },
    { href: "/journal", labelKey: "nav.journal" },
    { href: "/oracle-history", labelKey: "nav.oracleHistory" },
  ];
  if (user.affiliateStatus === "active")
    items.push({ href: "/affiliate-dashboard", labelKey: "nav.affiliate" });
  return items;
}

/** Account entries shown in the profile menu (desktop) and at the end of the mobile menu. */
export function accountNavItems(user: NavUser): NavItem[] {
  const items: NavItem[] = [
    { href: "/profile", labelKey: "nav.profile" },
    { href: "/account/subscription", labelKey: "nav.subscription" },
  ];
  if (user.isAdmin) items.push({ href: "/admin", labelKey: "nav.admin" });
  return items;
}

/** The link for `href` is the current page: the page itself or one of its sub-pages. */
export function isActivePath(location: string, href: string): boolean {
  if (href === "/") return location === "/";
  return location === href || location.startsWith(`${href}/`);
}
