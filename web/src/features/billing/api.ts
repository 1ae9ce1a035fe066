import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type {
  BillingDebugResponse,
  InvoiceView,
  PlanId,
  RedirectResponse,
  ReplayResponse,
  SandboxPayResponse,
  SandboxRenewal,
  SandboxSession,
  SubscriptionStateResponse,
} from "../../../../contract/billing";
import {
  entitlingStatuses,
  planIds,
  type SubscriptionStatus,
  sandboxCards,
} from "../../../../contract/billing-constants";
import { apiRequest } from "../../lib/api";
import type { MutationCallbacks } from "../../lib/query-client";
import { useAuth } from "../auth/auth-context";
import { fetchPlans, PLANS_URL } from "../marketing/api";

/*
 * The billing API (contract/billing.ts) as TanStack Query hooks. Types come from the contract's schemas,
 * values from its zod-free constants (the web bundle does not carry zod).
 */

export type { SubscriptionStatus };

/**
 * Query keys are the URLs, as everywhere in the app (the default query function GETs queryKey[0]). The
 * plans' key is shared with the landing page's pricing (marketing/api.ts).
 */
const SUBSCRIPTION_URL = "/api/billing/subscription";
const INVOICES_URL = "/api/billing/invoices";
const ADMIN_BILLING_URL = "/api/admin/billing";
const SANDBOX_SESSIONS_URL = "/api/billing/sandbox/sessions";

export const PLAN_IDS = planIds;

export const isPlanId = (value: string | null): value is PlanId =>
  value !== null && (PLAN_IDS as readonly string[]).includes(value);

export const SANDBOX_CARDS = sandboxCards;
export type SandboxCardKind = keyof typeof SANDBOX_CARDS;

export const ENTITLING_STATUSES = entitlingStatuses;
/** A payment failed and needs the member: the recovery page explains and offers to pay again. */
export const PAYMENT_PROBLEM_STATUSES: readonly SubscriptionStatus[] = ["past_due", "incomplete"];

/* ------------------------------------------------------------------------------------------------------ */
/* Queries                                                                                                 */
/* ------------------------------------------------------------------------------------------------------ */

export function usePlansQuery() {
  return useQuery({ queryKey: [PLANS_URL], queryFn: fetchPlans });
}

/** GET /api/billing/subscription; `poll` refetches every `poll` ms (the success page waits for Premium). */
export function useSubscriptionStateQuery(
  options: { enabled?: boolean; poll?: (data: SubscriptionStateResponse | undefined) => number | false } = {},
) {
  const { poll, enabled = true } = options;
  return useQuery({
    queryKey: [SUBSCRIPTION_URL],
    queryFn: ({ signal }) =>
      apiRequest<SubscriptionStateResponse>("GET", SUBSCRIPTION_URL, undefined, { signal }),
    enabled,
    ...(poll
      ? {
          refetchInterval: (query: { state: { data: SubscriptionStateResponse | undefined } }) =>
            poll(query.state.data),
          // The page waits for a change: what is cached is refetched at once.
          staleTime: 0,
          // A failed poll is the page's business (it keeps trying), not the connection screen's.
          meta: { connectionErrors: false },
        }
      : {}),
  });
}

export function useInvoicesQuery(enabled = true) {
  return useQuery({
    queryKey: [INVOICES_URL],
    queryFn: ({ signal }) =>
      apiRequest<{ invoices: InvoiceView[] }>("GET", INVOICES_URL, undefined, { signal }).then(
        (answer) => answer.invoices,
      ),
    enabled,
  });
}

export function useSandboxSessionQuery(id: string | null) {
  return useQuery({
    queryKey: [SANDBOX_SESSIONS_URL, id],
    queryFn: ({ signal }) =>
      apiRequest<SandboxSession>(
        "GET",
        `${SANDBOX_SESSIONS_URL}/${encodeURIComponent(id ?? "")}`,
        undefined,
        { signal },
      ),
    enabled: id !== null,
    staleTime: 0,
    // A missing or expired session is said on the page.
    meta: { connectionErrors: false },
  });
}

export function useBillingDebugQuery() {
  return useQuery({
    queryKey: [ADMIN_BILLING_URL],
    queryFn: ({ signal }) =>
      apiRequest<BillingDebugResponse>("GET", ADMIN_BILLING_URL, undefined, { signal }),
  });
}

/* ------------------------------------------------------------------------------------------------------ */
/* Requests and mutations                                                                                  */
/* ------------------------------------------------------------------------------------------------------ */

/** POST /api/billing/checkout: the address of the checkout page for `plan` (Stripe or the sandbox). */
export function useStartCheckoutMutation(callbacks: MutationCallbacks<RedirectResponse, PlanId> = {}) {
  return useMutation({
    ...callbacks,
    mutationFn: (plan: PlanId) => apiRequest<RedirectResponse>("POST", "/api/billing/checkout", { plan }),
  });
}

/** POST /api/billing/portal: the address of the payment provider's billing portal. */
export function useOpenPortalMutation(callbacks: MutationCallbacks<RedirectResponse, void> = {}) {
  return useMutation({
    ...callbacks,
    mutationFn: () => apiRequest<RedirectResponse>("POST", "/api/billing/portal"),
  });
}

/** Pays the sandbox checkout session `sessionId` with a test card number; the session is read again after. */
export function usePaySandboxSessionMutation(
  sessionId: string,
  callbacks: MutationCallbacks<SandboxPayResponse, string> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (cardNumber: string) =>
      apiRequest<SandboxPayResponse>("POST", `${SANDBOX_SESSIONS_URL}/${encodeURIComponent(sessionId)}/pay`, {
        cardNumber,
      }),
    onSuccess: (answer, cardNumber) => {
      callbacks.onSuccess?.(answer, cardNumber);
      void queryClient.invalidateQueries({ queryKey: [SANDBOX_SESSIONS_URL, sessionId] });
    },
  });
}

/** Sandbox: pays the member's open invoice again with a test card number. */
export function useRetrySandboxPaymentMutation(
  callbacks: MutationCallbacks<SandboxPayResponse, string> = {},
) {
  return useMutation({
    ...callbacks,
    mutationFn: (cardNumber: string) =>
      apiRequest<SandboxPayResponse>("POST", "/api/billing/sandbox/retry-payment", { cardNumber }),
  });
}

/** Admin: applies a received payment event again; the console is read again after. */
export function useReplayBillingEventMutation(callbacks: MutationCallbacks<ReplayResponse, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (eventId: string) =>
      apiRequest<ReplayResponse>("POST", `/api/admin/billing/events/${encodeURIComponent(eventId)}/replay`),
    onSuccess: (answer, eventId) => {
      callbacks.onSuccess?.(answer, eventId);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_BILLING_URL] });
    },
  });
}

/** Admin: ends a sandbox subscription's period with a paid or failed renewal; console and state are read again. */
export function useAdvanceSandboxSubscriptionMutation(
  callbacks: MutationCallbacks<ReplayResponse, { id: string; renewal: SandboxRenewal }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: ({ id, renewal }: { id: string; renewal: SandboxRenewal }) =>
      apiRequest<ReplayResponse>(
        "POST",
        `/api/admin/billing/sandbox/subscriptions/${encodeURIComponent(id)}/advance`,
        { renewal },
      ),
    onSuccess: (answer, variables) => {
      callbacks.onSuccess?.(answer, variables);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_BILLING_URL] });
      void queryClient.invalidateQueries({ queryKey: [SUBSCRIPTION_URL] });
    },
  });
}

export type SandboxReversal = "refund" | "dispute";

/** Admin: refunds or disputes a paid sandbox invoice (the sandbox emits the provider's event); the console is read again. */
export function useReverseSandboxInvoiceMutation(
  callbacks: MutationCallbacks<ReplayResponse, { id: string; action: SandboxReversal }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: ({ id, action }: { id: string; action: SandboxReversal }) =>
      apiRequest<ReplayResponse>(
        "POST",
        `/api/admin/billing/sandbox/invoices/${encodeURIComponent(id)}/${action}`,
      ),
    onSuccess: (answer, variables) => {
      callbacks.onSuccess?.(answer, variables);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_BILLING_URL] });
    },
  });
}

/**
 * Everything that shows the member's plan, refreshed after it may have changed: the subscription, the
 * invoices and the signed-in user (the nav's PREMIUM badge and the premium route guards read the user).
 */
export function useRefreshBilling() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  // Stable, so a page can call it from an effect (the portal's way back does, once).
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [SUBSCRIPTION_URL] }),
        queryClient.invalidateQueries({ queryKey: [INVOICES_URL] }),
        refreshUser(),
      ]).then(() => undefined),
    [queryClient, refreshUser],
  );
}

/** Cancel at the period end, or take the cancellation back; the answer is the new subscription state. */
export function useCancelOrResumeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: "cancel" | "resume") =>
      apiRequest<SubscriptionStateResponse>("POST", `${SUBSCRIPTION_URL}/${action}`),
    onSuccess: (state) => {
      queryClient.setQueryData([SUBSCRIPTION_URL], state);
    },
  });
}

/** Pays a sandbox card number without its spaces (the input accepts "4242 4242 4242 4242"). */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, "");

/** A card number as typed: digits with optional spaces or dashes, 12 to 19 digits. */
export function isCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  return /^\d{12,19}$/.test(digits);
}

/** "4242424242424242" as "4242 4242 4242 4242". */
export const groupCardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

/** Relative addresses stay in the app (wouter); anything else is a full page load (Stripe). */
export function followUrl(
  url: string,
  navigate: (to: string, options?: { replace?: boolean }) => void,
): void {
  if (url.startsWith("/") && !url.startsWith("//")) navigate(url);
  else window.location.assign(url);
}
