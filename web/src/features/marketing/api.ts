import { QueryClientContext } from "@tanstack/react-query";
import { useContext, useEffect, useState } from "react";
import type { PlansResponse } from "../../../../contract/billing";
import { apiRequest } from "../../lib/api";
import { whenIdle } from "../../lib/idle";
import { BUILT_IN_PRICES, type PublishedPrices, pricesOf } from "./pricing";

/*
 * What the public pages read from the API. Kept apart from features/billing/api.ts so the landing page's
 * chunk carries none of the billing pages' code; billing's plans query reads the same key and function.
 */

/** GET /api/billing/plans (public): the prices the server charges. Also the query key of the plans. */
export const PLANS_URL = "/api/billing/plans";

export const fetchPlans = ({ signal }: { signal?: AbortSignal }) =>
  apiRequest<PlansResponse>("GET", PLANS_URL, undefined, { signal });

const samePrices = (a: PublishedPrices, b: PublishedPrices) =>
  a.monthly === b.monthly &&
  a.yearly === b.yearly &&
  a.currency.toUpperCase() === b.currency.toUpperCase() &&
  a.savingPercent === b.savingPercent;

/**
 * The prices to show: the built-in ones on the first paint (no wait, no layout shift), then the server's
 * (shared with /subscribe through the query cache). The request goes out once the browser is idle after the
 * first render (its answer re-renders the block, work the first screen does not need) and costs
 * the landing page no JavaScript (the query client and the API helper are in the app chunk). Without a
 * query client (a page rendered on its own) the built-in prices stay.
 */
export function usePublishedPrices(): PublishedPrices {
  const queryClient = useContext(QueryClientContext);
  const [prices, setPrices] = useState<PublishedPrices>(
    () => pricesOf(queryClient?.getQueryData<PlansResponse>([PLANS_URL])) ?? BUILT_IN_PRICES,
  );
  useEffect(() => {
    if (!queryClient) return;
    let current = true;
    const cancel = whenIdle(() => {
      queryClient
        .fetchQuery({
          queryKey: [PLANS_URL],
          queryFn: fetchPlans,
          staleTime: 300_000,
          // Should the server not answer, the built-in prices stay: no connection screen for a price list.
          meta: { connectionErrors: false },
        })
        .then(
          (plans) => {
            const next = pricesOf(plans);
            // The same figures as shown (the usual case) leave the block as it is: no second render.
            if (current && next) setPrices((shown) => (samePrices(shown, next) ? shown : next));
          },
          () => undefined,
        );
    });
    return () => {
      current = false;
      cancel();
    };
  }, [queryClient]);
  return prices;
}
