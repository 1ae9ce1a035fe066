import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback } from "react";
import {
  PENDING_REWARDS_CACHE_MS,
  PENDING_REWARDS_POLL_MS,
  PENDING_REWARDS_STALE_MS,
} from "../../../../contract/referral-constants";
import type { ClaimRewardResponse, PendingRewards, ReferralOverview } from "../../../../contract/referrals";
import { apiRequest } from "../../lib/api";
import type { MutationCallbacks } from "../../lib/query-client";
import { useAuth } from "../auth/auth-context";
import { useRefreshBilling } from "../billing/api";

/*
 * The referral programme's API (contract/referrals.ts) as TanStack Query hooks. Types come from the contract
 * (type imports only), values from its zod-free constants.
 */

export const REFERRALS_URL = "/api/referrals";
const PENDING_URL = `${REFERRALS_URL}/rewards/pending`;
const DISMISS_URL = `${REFERRALS_URL}/rewards/dismiss`;
const claimUrl = (rewardId: number) => `${REFERRALS_URL}/rewards/${rewardId}/claim`;

/**
 * Spec section 7: the referral and affiliate queries (referrals, code, stats, affiliates, the affiliate
 * application) are keyed per user id and cleared together for a user. Every one of them starts with this key
 * (the affiliate hooks too): one invalidation refreshes them all after a claim, and the cache clear on logout
 * (auth-context's forgetSession) takes them with everything else, so a next user never sees them.
 */
export const referralProgrammeKey = (userId: number) => [REFERRALS_URL, "user", userId] as const;
const pendingKey = (userId: number) => [...referralProgrammeKey(userId), "rewards", "pending"] as const;
const overviewKey = (userId: number) => [...referralProgrammeKey(userId), "overview"] as const;

/** Refreshes every referral and affiliate query of the user. */
export const invalidateReferralProgramme = (queryClient: QueryClient, userId: number) =>
  queryClient.invalidateQueries({ queryKey: referralProgrammeKey(userId) });

const useUserId = () => useAuth().user?.id ?? null;

/* ------------------------------------------------------------------------------------------------------ */
/* Queries                                                                                                 */
/* ------------------------------------------------------------------------------------------------------ */

/** GET /api/referrals/rewards/pending, for the rewards modal: spec section 7's poll, stale and cache times. */
export function usePendingRewardsQuery() {
  const userId = useUserId();
  return useQuery({
    queryKey: pendingKey(userId ?? 0),
    queryFn: ({ signal }) => apiRequest<PendingRewards>("GET", PENDING_URL, undefined, { signal }),
    enabled: userId !== null,
    refetchInterval: PENDING_REWARDS_POLL_MS,
    staleTime: PENDING_REWARDS_STALE_MS,
    gcTime: PENDING_REWARDS_CACHE_MS,
    refetchOnWindowFocus: false,
    // A background reminder: a failed poll simply shows nothing, it is not a connection problem.
    meta: { connectionErrors: false },
  });
}

/** GET /api/referrals: the link, the totals and the rewards (from the first page), the history a page at a time. */
export function useReferralOverviewQuery() {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: overviewKey(userId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ReferralOverview>(
        "GET",
        pageParam ? `${REFERRALS_URL}?${new URLSearchParams({ cursor: pageParam })}` : REFERRALS_URL,
        undefined,
        { signal },
      ),
    enabled: userId !== null,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/* ------------------------------------------------------------------------------------------------------ */
/* Mutations: the caller's callbacks first, then the cache work                                             */
/* ------------------------------------------------------------------------------------------------------ */

/** Asks the server again whether the rewards modal should show (spec section 4: after closing or dismissing it). */
export function useRefreshPendingRewards() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: pendingKey(userId ?? 0) }),
    [queryClient, userId],
  );
}

/** POST /api/referrals/rewards/dismiss: hides the modal for `hours`; the pending query is asked again either way. */
export function useDismissRewardsMutation(
  callbacks: MutationCallbacks<{ dismissedUntil: string }, number> = {},
) {
  const refreshPending = useRefreshPendingRewards();
  return useMutation({
    ...callbacks,
    mutationFn: (hours: number) => apiRequest<{ dismissedUntil: string }>("POST", DISMISS_URL, { hours }),
    onSettled: () => refreshPending(),
  });
}

/**
 * POST /api/referrals/rewards/:id/claim: a free month. The programme's figures change, and so does the plan:
 * the user (nav badge, premium guards) and the subscription are read again so Premium shows at once.
 */
export function useClaimRewardMutation(callbacks: MutationCallbacks<ClaimRewardResponse, number> = {}) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const refreshBilling = useRefreshBilling();
  return useMutation({
    ...callbacks,
    mutationFn: (rewardId: number) => apiRequest<ClaimRewardResponse>("POST", claimUrl(rewardId)),
    onSuccess: async (answer, rewardId) => {
      callbacks.onSuccess?.(answer, rewardId);
      await Promise.all([
        userId === null ? undefined : invalidateReferralProgramme(queryClient, userId),
        refreshBilling(),
      ]);
    },
    onError: (error, rewardId) => {
      callbacks.onError?.(error, rewardId);
      // Refused (already claimed, revoked): what the page lists is out of date.
      if (userId !== null) void invalidateReferralProgramme(queryClient, userId);
    },
  });
}
