import type { ReactNode } from "react";
import { EmptyState } from "../../components/ui/Status";
import { MarketingIcon } from "./icons";
import { accentClass, h1Class, narrow } from "./styles";

/** A whole page that is one message (page not found, feature coming): the moon, the <h1>, the ways on. */
export function MessagePage({
  id,
  title,
  body,
  actions,
  children,
}: {
  id: string;
  title: string;
  body: string;
  actions: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${narrow} py-20 sm:py-28`}>
      <EmptyState
        level={1}
        titleId={id}
        titleClassName={h1Class}
        icon={<MarketingIcon name="moon" className={`mx-auto h-14 w-14 ${accentClass}`} />}
        title={title}
        body={body}
        actions={actions}
      >
        {children}
      </EmptyState>
    </section>
  );
}
