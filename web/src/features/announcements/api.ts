import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { ANNOUNCEMENT_POLL_MS } from "../../../../contract/announcement-constants";
import type {
  ActiveAnnouncement,
  AdminAnnouncement,
  activeAnnouncementsSchema,
  adminAnnouncementPageSchema,
  CreateAnnouncementBody,
} from "../../../../contract/announcements";
import { apiRequest } from "../../lib/api";
import type { MutationCallbacks } from "../../lib/query-client";
import { useAuth } from "../auth/auth-context";

/*
 * The announcements API (contract/announcements.ts) as TanStack Query hooks. Types come from the contract (type
 * imports only), values from its zod-free constants. Every key starts with its URL, so invalidating the URL
 * refreshes every user's list or every page of the admin list.
 */

export const ACTIVE_ANNOUNCEMENTS_URL = "/api/announcements/active";
export const ADMIN_ANNOUNCEMENTS_URL = "/api/admin/announcements";
const readUrl = (id: number) => `/api/announcements/${id}/read`;
const adminUrl = (id: number) => `${ADMIN_ANNOUNCEMENTS_URL}/${id}`;

type ActiveAnnouncements = z.infer<typeof activeAnnouncementsSchema>;
type AdminAnnouncementPage = z.infer<typeof adminAnnouncementPageSchema>;
/** What the admin form sends: every field, for a creation (POST) as for a change (PATCH). */
export type AnnouncementBody = Required<CreateAnnouncementBody>;
export type { ActiveAnnouncement, AdminAnnouncement };

/** Keyed per user: what one account has read says nothing about the next. */
const activeKey = (userId: number) => [ACTIVE_ANNOUNCEMENTS_URL, "user", userId] as const;

/* ------------------------------------------------------------------------------------------------------ */
/* The signed-in user's                                                                                    */
/* ------------------------------------------------------------------------------------------------------ */

/**
 * GET /api/announcements/active (spec sections 5-7): signed-in users only, polled every 5 minutes. Asked at
 * once whenever a user's stack appears, which is right after a sign-in: `showOnLogin` ones show then.
 */
export function useActiveAnnouncementsQuery() {
  const userId = useAuth().user?.id ?? null;
  return useQuery({
    queryKey: activeKey(userId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<ActiveAnnouncements>("GET", ACTIVE_ANNOUNCEMENTS_URL, undefined, { signal }),
    enabled: userId !== null,
    refetchInterval: ANNOUNCEMENT_POLL_MS,
    refetchOnMount: "always",
    // A background poll: a failed one simply shows nothing new, it is not a connection problem.
    meta: { connectionErrors: false },
  });
}

/**
 * POST /api/announcements/:id/read: the card goes at once, then the list is asked again (spec section 7), which
 * also brings in the next one beyond those shown.
 */
export function useMarkReadMutation(callbacks: MutationCallbacks<unknown, number> = {}) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  return useMutation({
    ...callbacks,
    mutationFn: (id: number) => apiRequest("POST", readUrl(id)),
    onSuccess: (answer, id) => {
      callbacks.onSuccess?.(answer, id);
      if (userId === null) return;
      queryClient.setQueryData<ActiveAnnouncements>(activeKey(userId), (current) =>
        current ? { announcements: current.announcements.filter((item) => item.id !== id) } : current,
      );
    },
    // Refused too (gone, expired meanwhile): the list on screen is out of date either way.
    onSettled: () =>
      userId === null ? undefined : queryClient.invalidateQueries({ queryKey: activeKey(userId) }),
  });
}

/* ------------------------------------------------------------------------------------------------------ */
/* Administration                                                                                          */
/* ------------------------------------------------------------------------------------------------------ */

/** Every announcement (newest first, as the server pages them), a page at a time. */
export function useAdminAnnouncementPagesQuery() {
  return useInfiniteQuery({
    queryKey: [ADMIN_ANNOUNCEMENTS_URL, "list"],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminAnnouncementPage>(
        "GET",
        pageParam
          ? `${ADMIN_ANNOUNCEMENTS_URL}?${new URLSearchParams({ cursor: pageParam })}`
          : ADMIN_ANNOUNCEMENTS_URL,
        undefined,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * After any change: the admin list, and the admin's own stack (the announcement may now show there, or stop
 * showing).
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [ADMIN_ANNOUNCEMENTS_URL] }),
      queryClient.invalidateQueries({ queryKey: [ACTIVE_ANNOUNCEMENTS_URL] }),
    ]);
}

/**
 * Creates an announcement (`id` null: POST with every field) or changes announcement `id` (PATCH with the fields
 * given, e.g. only `isActive`).
 */
export function useSaveAnnouncementMutation(
  id: number | null,
  callbacks: MutationCallbacks<AdminAnnouncement, Partial<AnnouncementBody>> = {},
) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    ...callbacks,
    mutationFn: (body: Partial<AnnouncementBody>) =>
      id === null
        ? apiRequest<AdminAnnouncement>("POST", ADMIN_ANNOUNCEMENTS_URL, body)
        : apiRequest<AdminAnnouncement>("PATCH", adminUrl(id), body),
    onSuccess: async (saved, body) => {
      callbacks.onSuccess?.(saved, body);
      await refresh();
    },
    onError: (error, body) => {
      callbacks.onError?.(error, body);
      // Refused because it is gone (deleted in another tab): the list on screen is out of date.
      void refresh();
    },
  });
}

/** DELETE /api/admin/announcements/:id: the announcement and its read counts go. */
export function useDeleteAnnouncementMutation(callbacks: MutationCallbacks<unknown, AdminAnnouncement> = {}) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    ...callbacks,
    mutationFn: (announcement: AdminAnnouncement) => apiRequest("DELETE", adminUrl(announcement.id)),
    onSuccess: async (answer, announcement) => {
      callbacks.onSuccess?.(answer, announcement);
      await refresh();
    },
    onError: (error, announcement) => {
      callbacks.onError?.(error, announcement);
      void refresh();
    },
  });
}
