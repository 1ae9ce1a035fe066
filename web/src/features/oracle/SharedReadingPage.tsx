import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell } from "../../components/ui/Page";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { isApiError } from "../../lib/api";
import { ORACLE_NS } from "../../lib/i18n";
import { NotFoundPage } from "../../pages/registry";
import { useSharedReadingQuery } from "./api";
import { formatDay } from "./format";
import { ReadingView } from "./ReadingView";

/** Keeps search engines off the page while it is shown: a shared link is private to whoever holds it. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex";
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** A revoked or unknown token (404), or one not shaped like a token at all (4xx): the link leads nowhere. */
const isMissing = (error: unknown) =>
  isApiError(error) &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 429;

/** /share/oracle/:token (public): a reading someone shared, and nothing else of theirs; revoked or unknown: not found. */
export default function SharedReadingPage() {
  const { t, i18n } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.shared" });
  const token = useParams<{ token: string }>().token ?? "";
  const query = useSharedReadingQuery(token);
  useNoIndex();

  if (isMissing(query.error)) return <NotFoundPage />;
  return (
    <PageShell
      title={t("title")}
      documentTitle={t("documentTitle")}
      lead={query.data ? t("lead", { date: formatDay(query.data.createdAt, i18n.language) }) : undefined}
      width="medium"
    >
      {query.data ? (
        <>
          <ReadingView reading={query.data.reading} />
          <div className="flex flex-col items-start gap-3">
            <p>{t("about")}</p>
            <LinkButton href="/" variant="secondary">
              {t("discover")}
            </LinkButton>
          </div>
        </>
      ) : query.isPending ? (
        <LoadingList label={t("loading")} skeleton={{ rows: 3 }} />
      ) : (
        <LoadFailed message={t("loadFailed")} onRetry={() => query.refetch()} />
      )}
    </PageShell>
  );
}
