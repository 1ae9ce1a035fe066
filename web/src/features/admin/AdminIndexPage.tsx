import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { PageShell } from "../../components/ui/Page";
import { bodyClass, h2Class, panelClass } from "../../components/ui/page-styles";
import { DREAMS_NS } from "../../lib/i18n";
import { AdminAnnouncementsPanel } from "../announcements/AdminAnnouncementsPanel";

/**
 * The admin tools that work today; the others in the route table still show "being built". `text` is where the
 * card's title and body are: the dreams namespace, or the tool's own (`namespace:key`).
 */
export const ADMIN_TOOLS = [
  { href: "/admin/symbol-management", text: "adminIndex.tools.symbols" },
  { href: "/debug-symbols", text: "adminIndex.tools.debugger" },
  { href: "/stripe-checkout/debug", text: "adminIndex.tools.billing" },
  { href: "/admin/affiliates", text: "affiliates:affiliates.adminIndex.applications" },
  { href: "/admin/affiliate-management", text: "affiliates:affiliates.adminIndex.management" },
] as const;

/**
 * /admin: the entry point of the profile menu's "Admin", one card per working tool, then the announcements
 * (issue 18: managed here, the spec has no page of their own).
 */
export default function AdminIndexPage() {
  const { t } = useTranslation(DREAMS_NS);
  return (
    <PageShell
      title={t("adminIndex.title")}
      documentTitle={t("adminIndex.title")}
      lead={t("adminIndex.lead")}
    >
      <ul className="grid gap-4 sm:grid-cols-2">
        {ADMIN_TOOLS.map((tool) => (
          <li key={tool.href}>
            <Link
              href={tool.href}
              className={`${panelClass} block h-full hover:border-violet-400 focus-visible:outline-2 focus-visible:outline-violet-600 dark:hover:border-moon-300`}
            >
              <span className={`${h2Class} block`}>{t(`${tool.text}.title`)}</span>
              <span className={`${bodyClass} mt-1 block`}>{t(`${tool.text}.body`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <AdminAnnouncementsPanel />
    </PageShell>
  );
}
