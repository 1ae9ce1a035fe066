import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  Consultation,
  ConsultationPage,
  CreateConsultationBody,
  JournalEntryBody,
  OracleProfile,
  PlaceSearchResponse,
  PracticeJournal,
  SharedReading,
  UpdateOracleProfileBody,
} from "../../../../contract/oracle";
import { apiRequest } from "../../lib/api";
import type { MutationCallbacks } from "../../lib/query-client";

/*
 * The oracle API (contract/oracle.ts) as TanStack Query hooks. Types come from the contract (type imports only).
 */

const PROFILE_URL = "/api/oracle/profile";
const PLACES_URL = "/api/oracle/places";
/** Every consultation query starts with this key, so one invalidation refreshes the history and the details. */
export const CONSULTATIONS_URL = "/api/oracle/consultations";
const SHARED_URL = "/api/share/oracle";

/** How often a consultation in progress is asked for its step: the percent comes from the server. */
export const CONSULTATION_POLL_MS = 400;
/** Suggestions start from this many typed characters (one letter matches half the world). */
export const PLACE_QUERY_MIN = 2;
const PLACE_SUGGESTIONS = 8;

const consultationKey = (id: string) => [CONSULTATIONS_URL, "detail", id] as const;
const journalKey = (id: string) => [CONSULTATIONS_URL, "journal", id] as const;
const consultationUrl = (id: string) => `${CONSULTATIONS_URL}/${encodeURIComponent(id)}`;

/* ------------------------------------------------------------------------------------------------------ */
/* Queries                                                                                                 */
/* ------------------------------------------------------------------------------------------------------ */

/** Birth place suggestions for what is typed, named in `language`; the last list stays while the next loads. */
export function usePlaceSearchQuery(typed: string, language: string) {
  const q = typed.trim();
  return useQuery({
    queryKey: [PLACES_URL, q, language],
    queryFn: ({ signal }) =>
      apiRequest<PlaceSearchResponse>(
        "GET",
        `${PLACES_URL}?${new URLSearchParams({ q, lang: language, limit: String(PLACE_SUGGESTIONS) })}`,
        undefined,
        { signal },
      ),
    enabled: q.length >= PLACE_QUERY_MIN,
    placeholderData: keepPreviousData,
  });
}

/** The user's oracle profile (complete: false, with the defaults, until it is set). */
export function useOracleProfileQuery() {
  return useQuery({
    queryKey: [PROFILE_URL],
    queryFn: ({ signal }) => apiRequest<OracleProfile>("GET", PROFILE_URL, undefined, { signal }),
  });
}

/** One consultation; asked again every `pollMs` while the server is still working on it. */
export function useConsultationQuery(id: string | null, pollMs = CONSULTATION_POLL_MS) {
  return useQuery({
    queryKey: consultationKey(id ?? ""),
    queryFn: ({ signal }) =>
      apiRequest<Consultation>("GET", consultationUrl(id ?? ""), undefined, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "processing" ? pollMs : false),
    // An unknown id is the page's message, not a connection problem.
    meta: { connectionErrors: false },
  });
}

/** The history, newest first, a page at a time ("Load more"). */
export function useConsultationPagesQuery() {
  return useInfiniteQuery({
    queryKey: [CONSULTATIONS_URL, "list"],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ConsultationPage>(
        "GET",
        pageParam ? `${CONSULTATIONS_URL}?${new URLSearchParams({ cursor: pageParam })}` : CONSULTATIONS_URL,
        undefined,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A consultation's practice journal: its entries, today's entry number and whether a follow-up is open. */
export function usePracticeJournalQuery(id: string, enabled: boolean) {
  return useQuery({
    queryKey: journalKey(id),
    queryFn: ({ signal }) =>
      apiRequest<PracticeJournal>("GET", `${consultationUrl(id)}/journal`, undefined, { signal }),
    enabled,
  });
}

/** A shared reading, by its link's token (public). */
export function useSharedReadingQuery(token: string) {
  return useQuery({
    queryKey: [SHARED_URL, token],
    queryFn: ({ signal }) =>
      apiRequest<SharedReading>("GET", `${SHARED_URL}/${encodeURIComponent(token)}`, undefined, { signal }),
    meta: { connectionErrors: false },
  });
}

/* ------------------------------------------------------------------------------------------------------ */
/* Mutations: the page's callbacks first, then the cache work                                               */
/* ------------------------------------------------------------------------------------------------------ */

/** PUT /api/oracle/profile: the saved profile (with its signs) replaces the cached one. */
export function useSaveOracleProfileMutation(
  callbacks: MutationCallbacks<OracleProfile, UpdateOracleProfileBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (body: UpdateOracleProfileBody) => apiRequest<OracleProfile>("PUT", PROFILE_URL, body),
    onSuccess: (profile, body) => {
      callbacks.onSuccess?.(profile, body);
      queryClient.setQueryData([PROFILE_URL], profile);
    },
  });
}

/** Stores a consultation the server sent back, and refreshes the history's summaries. */
function useStoreConsultation() {
  const queryClient = useQueryClient();
  return async (consultation: Consultation) => {
    queryClient.setQueryData(consultationKey(consultation.id), consultation);
    await queryClient.invalidateQueries({ queryKey: [CONSULTATIONS_URL, "list"] });
  };
}

/** POST /api/oracle/consultations: answered at once (202) with the consultation in progress. */
export function useCreateConsultationMutation(
  callbacks: MutationCallbacks<Consultation, CreateConsultationBody> = {},
) {
  const store = useStoreConsultation();
  return useMutation({
    ...callbacks,
    mutationFn: (body: CreateConsultationBody) => apiRequest<Consultation>("POST", CONSULTATIONS_URL, body),
    onSuccess: async (consultation, body) => {
      callbacks.onSuccess?.(consultation, body);
      await store(consultation);
    },
  });
}

/** Today's journal entry (a second save the same day edits it). */
export function useSaveJournalEntryMutation(
  id: string,
  callbacks: MutationCallbacks<PracticeJournal, JournalEntryBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: (body: JournalEntryBody) =>
      apiRequest<PracticeJournal>("POST", `${consultationUrl(id)}/journal`, body),
    onSuccess: async (journal, body) => {
      callbacks.onSuccess?.(journal, body);
      queryClient.setQueryData(journalKey(id), journal);
      // The consultation and the history count the entries.
      await queryClient.invalidateQueries({ queryKey: [CONSULTATIONS_URL], refetchType: "active" });
    },
  });
}

/** POST …/follow-up: the consultation comes back with its follow-up; the journal closes. */
export function useFollowUpMutation(id: string, callbacks: MutationCallbacks<Consultation, void> = {}) {
  const store = useStoreConsultation();
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: () => apiRequest<Consultation>("POST", `${consultationUrl(id)}/follow-up`),
    onSuccess: async (consultation, variables) => {
      callbacks.onSuccess?.(consultation, variables);
      await Promise.all([store(consultation), queryClient.invalidateQueries({ queryKey: journalKey(id) })]);
    },
  });
}

/** Creates the public link (or returns the one already there) and keeps its path on the consultation. */
export function useShareMutation(id: string, callbacks: MutationCallbacks<{ sharePath: string }, void> = {}) {
  const setSharePath = useSetSharePath(id);
  return useMutation({
    ...callbacks,
    mutationFn: () => apiRequest<{ sharePath: string }>("POST", `${consultationUrl(id)}/share`),
    onSuccess: async (answer, variables) => {
      callbacks.onSuccess?.(answer, variables);
      await setSharePath(answer.sharePath);
    },
  });
}

/** Revokes the public link: whoever holds it now finds nothing. */
export function useRevokeShareMutation(id: string, callbacks: MutationCallbacks<unknown, void> = {}) {
  const setSharePath = useSetSharePath(id);
  return useMutation({
    ...callbacks,
    mutationFn: () => apiRequest("DELETE", `${consultationUrl(id)}/share`),
    onSuccess: async (answer, variables) => {
      callbacks.onSuccess?.(answer, variables);
      await setSharePath(null);
    },
  });
}

function useSetSharePath(id: string) {
  const queryClient = useQueryClient();
  return async (sharePath: string | null) => {
    queryClient.setQueryData<Consultation>(consultationKey(id), (current) =>
      current ? { ...current, sharePath } : current,
    );
    await queryClient.invalidateQueries({ queryKey: [CONSULTATIONS_URL, "list"] });
  };
}
