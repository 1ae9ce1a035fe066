import { Button } from "./Button";

export interface LoadMoreLabels {
  more: string;
  loading: string;
  failed: string;
}

/**
 * A cursor list's "Load more" button, with the failure of the next page said where the button is. The query
 * is TanStack Query's infinite query (or any object with the same fields).
 */
export function LoadMore({
  query,
  labels,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage(): unknown;
  };
  labels: LoadMoreLabels;
}) {
  return (
    <>
      {query.isFetchNextPageError ? <p role="alert">{labels.failed}</p> : null}
      {query.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            pending={query.isFetchingNextPage}
            pendingLabel={labels.loading}
            onClick={() => void query.fetchNextPage()}
          >
            {labels.more}
          </Button>
        </div>
      ) : null}
    </>
  );
}
