import { useTranslation } from "react-i18next";
import { LinkButton } from "../../components/ui/LinkButton";
import { useDocumentTitle } from "../../lib/use-document-title";
import { MessagePage } from "./MessagePage";

/** Any unknown path (and admin pages for non-admins). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("notFound.title"));
  return (
    <MessagePage
      id="not-found-title"
      title={t("notFound.heading")}
      body={t("notFound.body")}
      actions={
        <>
          <LinkButton href="/" size="lg">
            {t("notFound.home")}
          </LinkButton>
          <LinkButton href="/dream-input" variant="secondary" size="lg">
            {t("notFound.dream")}
          </LinkButton>
        </>
      }
    />
  );
}
