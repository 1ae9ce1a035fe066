import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import {
  type AnnouncementType,
  announcementTypes,
  isSafeActionUrl,
  opensInNewTab,
} from "../../../../contract/announcement-constants";
import { CloseIcon, Icon } from "../../components/layout/icons";
import { errorMessageOf } from "../../components/ui/form/server-errors";
import { linkClass } from "../../components/ui/page-styles";
import { toast } from "../../components/ui/toast-store";
import { ANNOUNCEMENTS_NS } from "../../lib/i18n";
import { type ActiveAnnouncement, useMarkReadMutation } from "./api";

/** At most this many cards at once, so the stack never fills a phone's screen; the rest are counted. */
export const STACK_VISIBLE_MAX = 3;

/** Spec section 3: the type reads as success, warning or error, otherwise info. */
const kindOf = (type: string): AnnouncementType =>
  (announcementTypes as readonly string[]).includes(type) ? (type as AnnouncementType) : "info";

/** Each type's colour and icon shape: the icon and the spoken label carry the type too, not colour alone. */
const tones: Record<AnnouncementType, { card: string; icon: string; glyph: ReactNode }> = {
  info: {
    card: "border-l-violet-600 dark:border-l-moon-300",
    icon: "text-violet-700 dark:text-moon-300",
    glyph: (
      <Icon>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 11v6M12 7.5v.5" />
      </Icon>
    ),
  },
  success: {
    card: "border-l-emerald-600 dark:border-l-emerald-400",
    icon: "text-emerald-700 dark:text-emerald-300",
    glyph: (
      <Icon>
        <circle cx="12" cy="12" r="9" />
        <path d="M8 12.5l3 3 5-6" />
      </Icon>
    ),
  },
  warning: {
    card: "border-l-amber-500 dark:border-l-star-300",
    icon: "text-amber-700 dark:text-star-300",
    glyph: (
      <Icon>
        <path d="M12 3l10 18H2L12 3z" />
        <path d="M12 10v5M12 18v.5" />
      </Icon>
    ),
  },
  error: {
    card: "border-l-red-600 dark:border-l-red-400",
    icon: "text-red-700 dark:text-red-300",
    glyph: (
      <Icon>
        <path d="M8 3h8l5 5v8l-5 5H8l-5-5V8z" />
        <path d="M12 8v5M12 16v.5" />
      </Icon>
    ),
  },
};

/**
 * The stack's cards, in the server's order (priority first): at most STACK_VISIBLE_MAX, then "+N more". Marking
 * one read moves the focus to the next card's button, so a keyboard user can go through them in a row.
 */
export default function AnnouncementCards({ announcements }: { announcements: ActiveAnnouncement[] }) {
  const { t } = useTranslation(ANNOUNCEMENTS_NS, { keyPrefix: "announcements.stack" });
  const listRef = useRef<HTMLUListElement>(null);
  /** The card being marked read while its button had the focus. */
  const leaving = useRef<number | null>(null);
  const markRead = useMarkReadMutation({
    onError: (error) => {
      leaving.current = null;
      toast({
        title: t("markReadFailedTitle"),
        description: errorMessageOf(error, t("markReadFailed")),
        variant: "destructive",
      });
    },
  });
  const shown = announcements.slice(0, STACK_VISIBLE_MAX);
  const more = announcements.length - shown.length;
  const shownIds = shown.map((item) => item.id).join(",");

  useEffect(() => {
    const id = leaving.current;
    if (id === null || shownIds.split(",").includes(String(id))) return;
    leaving.current = null;
    // Only when the focus went with the card: it is never taken from elsewhere on the page.
    if (document.activeElement === null || document.activeElement === document.body) {
      listRef.current?.querySelector<HTMLButtonElement>("button[data-mark-read]")?.focus();
    }
  }, [shownIds]);

  const read = (id: number) => {
    if (markRead.isPending && markRead.variables === id) return;
    leaving.current = listRef.current?.contains(document.activeElement) ? id : null;
    markRead.mutate(id);
  };

  return (
    <>
      <ul
        ref={listRef}
        aria-label={t("label")}
        className="pointer-events-auto flex max-h-[50dvh] flex-col gap-2 overflow-y-auto p-1 sm:max-h-[calc(100dvh-7rem)]"
      >
        {shown.map((announcement) => (
          <li key={announcement.id}>
            <AnnouncementCard announcement={announcement} onRead={() => read(announcement.id)} />
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="pointer-events-auto self-end rounded-full bg-night-800 px-3 py-1 text-sm font-medium text-slate-50 shadow">
          {t("more", { count: more })}
        </p>
      ) : null}
    </>
  );
}

function AnnouncementCard({ announcement, onRead }: { announcement: ActiveAnnouncement; onRead(): void }) {
  const { t } = useTranslation(ANNOUNCEMENTS_NS, { keyPrefix: "announcements" });
  const titleId = useId();
  const kind = kindOf(announcement.type);
  const tone = tones[kind];
  const { actionText, actionUrl } = announcement;
  return (
    <article
      aria-labelledby={titleId}
      className={`relative rounded-xl border border-l-4 border-slate-200 bg-white p-4 pr-14 text-slate-800 shadow-lg dark:border-night-700 dark:bg-night-900 dark:text-slate-100 ${tone.card}`}
    >
      <div className="flex items-start gap-3">
        <span className={`mt-0.5 shrink-0 ${tone.icon}`}>{tone.glyph}</span>
        <div className="min-w-0">
          <p id={titleId} className="font-semibold break-words text-slate-900 dark:text-slate-50">
            <span className="sr-only">{t("stack.typeLabel", { type: t(`types.${kind}`) })} </span>
            {announcement.title}
          </p>
          {/* Plain text, never HTML: React writes it as text; line breaks are kept. */}
          <p className="mt-1 text-sm break-words whitespace-pre-line">{announcement.message}</p>
          {actionText && actionUrl && isSafeActionUrl(actionUrl) ? (
            <p className="mt-2 text-sm">
              {opensInNewTab(actionUrl) ? (
                <a href={actionUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {actionText}
                  <span className="sr-only"> {t("stack.newTab")}</span>
                </a>
              ) : (
                <Link href={actionUrl} className={linkClass}>
                  {actionText}
                </Link>
              )}
            </p>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        data-mark-read
        onClick={onRead}
        aria-label={t("stack.markRead", { title: announcement.title })}
        title={t("stack.markRead", { title: announcement.title })}
        className="absolute top-2 right-2 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-700 dark:text-slate-300 dark:hover:bg-night-800 dark:focus-visible:outline-moon-300"
      >
        <CloseIcon />
      </button>
    </article>
  );
}
