import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  AdminAffiliate,
  AdminApplication,
  AffiliateApplication,
  AffiliateApplyBody,
  AffiliateMe,
  ApplicationStatus,
  adminAffiliatePageSchema,
  adminApplicationPageSchema,
  recordPayoutBodySchema,
  updateAffiliateBodySchema,
} from "../../../../contract/referrals";
import { apiRequest } from "../../lib/api";
import type { MutationCallbacks } from "../../lib/query-client";
import { useRefreshUser } from "../auth/api";
import { useAuth } from "../auth/auth-context";
import { referralProgrammeKey } from "../referrals/api";

/*
 * The affiliate programme's API (contract/referrals.ts, affiliate part) as TanStack Query hooks. Types come from
 * the contract (type imports only). The user's own queries live under the referral programme's per-user key
 * (spec section 7: cleared together for a user); the admin lists start with their URL, so invalidating the URL
 * refreshes every page and filter of that list.
 */

const ME_URL = "/api/affiliates/me";
const APPLY_URL = "/api/affiliates/apply";
/** The ledger as a spreadsheet: a plain link, the browser downloads it with the session cookie. */
export const COMMISSIONS_CSV_URL = "/api/affiliates/me/commissions.csv";
export const APPLICATIONS_URL = "/api/admin/affiliates/applications";
export const ADMIN_AFFILIATES_URL = "/api/admin/affiliates";

/** The admin list filters: every affiliate, or those of one status. */
export const affiliateFilters = ["all", "active", "suspended"] as const;
export type AffiliateFilter = (typeof affiliateFilters)[number];

type AdminAffiliatePage = z.infer<typeof adminAffiliatePageSchema>;
type AdminApplicationPage = z.infer<typeof adminApplicationPageSchema>;
export type UpdateAffiliateBody = z.infer<typeof updateAffiliateBodySchema>;
export type RecordPayoutBody = z.infer<typeof recordPayoutBodySchema>;
export type ReviewAction = "approve" | "reject";
export interface ReviewVariables {
  application: AdminApplication;
  action: ReviewAction;
  notes: string;
}

const meKey = (userId: number) => [...referralProgrammeKey(userId), "affiliate"] as const;
const detailKey = (userId: number) => [ADMIN_AFFILIATES_URL, "detail", userId] as const;
const affiliateUrl = (userId: number) => `${ADMIN_AFFILIATES_URL}/${userId}`;

/** A cursor page's address: the filters given, and the cursor once past the first page. */
function pageUrl(base: string, params: Record<string, string | undefined>, cursor: string | null) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  if (cursor) search.set("cursor", cursor);
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

/* ------------------------------------------------------------------------------------------------------ */
/* The member's own                                                                                        */
/* ------------------------------------------------------------------------------------------------------ */

/** GET /api/affiliates/me: the status, the latest application and, for an affiliate, the dashboard's figures. */
export function useAffiliateMeQuery() {
  const userId = useAuth().user?.id ?? null;
  return useQuery({
    queryKey: meKey(userId ?? 0),
    queryFn: ({ signal }) => apiRequest<AffiliateMe>("GET", ME_URL, undefined, { signal }),
    enabled: userId !== null,
  });
}

/**
 * POST /api/affiliates/apply: the application is stored as the latest one, and the user (whose affiliate status
 * is now pending) is read again.
 */
export function useApplyMutation(
  callbacks: MutationCallbacks<AffiliateApplication, AffiliateApplyBody> = {},
) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const refreshUser = useRefreshUser();
  return useMutation({
    ...callbacks,
    mutationFn: (body: AffiliateApplyBody) => apiRequest<AffiliateApplication>("POST", APPLY_URL, body),
    onSuccess: async (application, body) => {
      callbacks.onSuccess?.(application, body);
      if (userId !== null) {
        queryClient.setQueryData<AffiliateMe>(meKey(userId), (current) =>
          current ? { ...current, status: "pending", application } : current,
        );
        await queryClient.invalidateQueries({ queryKey: meKey(userId) });
      }
      await refreshUser();
    },
    onError: (error, body) => {
      callbacks.onError?.(error, body);
      // Refused as already applied (another tab, another device): show the status the server has.
      if (userId !== null) void queryClient.invalidateQueries({ queryKey: meKey(userId) });
    },
  });
}

/* ------------------------------------------------------------------------------------------------------ */
/* Administration                                                                                          */
/* ------------------------------------------------------------------------------------------------------ */

/** The applications of one status (oldest pending first), a page at a time. */
export function useApplicationPagesQuery(status: ApplicationStatus) {
  return useInfiniteQuery({
    queryKey: [APPLICATIONS_URL, status],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminApplicationPage>("GET", pageUrl(APPLICATIONS_URL, { status }, pageParam), undefined, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Approves or rejects an application with optional notes; the queue and the affiliates list are read again. */
export function useReviewApplicationMutation(
  callbacks: MutationCallbacks<AdminApplication, ReviewVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: ({ application, action, notes }: ReviewVariables) =>
      apiRequest<AdminApplication>(
        "POST",
        `${APPLICATIONS_URL}/${application.id}/${action}`,
        notes.trim() ? { notes: notes.trim() } : {},
      ),
    onSuccess: async (reviewed, variables) => {
      callbacks.onSuccess?.(reviewed, variables);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [APPLICATIONS_URL] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_AFFILIATES_URL] }),
      ]);
    },
    onError: (error, variables) => {
      callbacks.onError?.(error, variables);
      // Refused (already reviewed by someone else): the queue on screen is out of date.
      void queryClient.invalidateQueries({ queryKey: [APPLICATIONS_URL] });
    },
  });
}

/** The affiliates, a page at a time, all or of one status. */
export function useAdminAffiliatePagesQuery(filter: AffiliateFilter) {
  return useInfiniteQuery({
    queryKey: [ADMIN_AFFILIATES_URL, "list", filter],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminAffiliatePage>(
        "GET",
        pageUrl(ADMIN_AFFILIATES_URL, { status: filter === "all" ? undefined : filter }, pageParam),
        undefined,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One affiliate with their payouts, for the detail panel. */
export function useAdminAffiliateQuery(userId: number | null) {
  return useQuery({
    queryKey: detailKey(userId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<AdminAffiliate>("GET", affiliateUrl(userId ?? 0), undefined, { signal }),
    enabled: userId !== null,
    // An affiliate gone from the list is the panel's message, not a connection problem.
    meta: { connectionErrors: false },
  });
}

/** The server answers with the affiliate as it now is: it replaces the panel's, and the list is read again. */
function useAffiliateMutation<TBody>(
  userId: number,
  request: (body: TBody) => Promise<AdminAffiliate>,
  callbacks: MutationCallbacks<AdminAffiliate, TBody>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: request,
    onSuccess: async (affiliate, body) => {
      callbacks.onSuccess?.(affiliate, body);
      queryClient.setQueryData(detailKey(userId), affiliate);
      await queryClient.invalidateQueries({ queryKey: [ADMIN_AFFILIATES_URL, "list"] });
    },
    onError: (error, body) => {
      callbacks.onError?.(error, body);
      void queryClient.invalidateQueries({ queryKey: detailKey(userId) });
    },
  });
}

/** PATCH /api/admin/affiliates/:userId: tier, custom rate (null: the tier's), suspend or reactivate. */
export function useUpdateAffiliateMutation(
  userId: number,
  callbacks: MutationCallbacks<AdminAffiliate, UpdateAffiliateBody> = {},
) {
  return useAffiliateMutation(
    userId,
    (body: UpdateAffiliateBody) => apiRequest<AdminAffiliate>("PATCH", affiliateUrl(userId), body),
    callbacks,
  );
}

/** POST /api/admin/affiliates/:userId/payouts: records (never sends) a payout covering everything due. */
export function useRecordPayoutMutation(
  userId: number,
  callbacks: MutationCallbacks<AdminAffiliate, RecordPayoutBody> = {},
) {
  return useAffiliateMutation(
    userId,
    (body: RecordPayoutBody) => apiRequest<AdminAffiliate>("POST", `${affiliateUrl(userId)}/payouts`, body),
    callbacks,
  );
}
