import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ChangePasswordBody,
  MessagingPreferencesBody,
  OnboardingBody,
  PublicUser,
  UpdateUserBody,
} from "../../../../contract/accounts";
import type {
  ReminderKind,
  RemindersResponse,
  UpdateQuietHoursBody,
  UpdateReminderBody,
} from "../../../../contract/reminders";
import { apiRequest } from "../../lib/api";
import type { MutationCallbacks } from "../../lib/query-client";
import { USER_QUERY_KEY, useRefreshUser } from "../auth/api";

/** The signed-in user's own writes; each leaves the cached user up to date once it succeeds. */

export type UserChanges = Pick<
  UpdateUserBody,
  "username" | "email" | "currentPassword" | "language" | "timezone" | "pictureUrl"
>;
type Language = PublicUser["language"];

/** The answer of a write on /api/user is the updated user: it replaces the cached one. */
function useSetUser() {
  const queryClient = useQueryClient();
  return (user: PublicUser) => {
    queryClient.setQueryData(USER_QUERY_KEY, user);
  };
}

/** PATCH /api/user from the account page: the updated user is cached, then the session is checked afresh. */
export function useUpdateUserMutation() {
  const setUser = useSetUser();
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: (changes: UserChanges) => apiRequest<PublicUser>("PATCH", "/api/user", changes),
    onSuccess: async (user) => {
      setUser(user);
      await refreshUser();
    },
  });
}

/** PATCH /api/user { language } from the header's language choice (mails follow the account's language). */
export function useSaveLanguageMutation(callbacks: MutationCallbacks<PublicUser, Language> = {}) {
  const setUser = useSetUser();
  return useMutation({
    ...callbacks,
    mutationFn: (language: Language) => apiRequest<PublicUser>("PATCH", "/api/user", { language }),
    onSuccess: (user, language) => {
      callbacks.onSuccess?.(user, language);
      setUser(user);
    },
  });
}

/** Notes on the account that the welcome modal or the tutorial was shown, so no later login shows it again. */
export function useMarkOnboardingSeenMutation() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (step: OnboardingBody["step"]) =>
      apiRequest<PublicUser>("POST", "/api/user/onboarding", { step }),
    onSuccess: setUser,
  });
}

/** Changes the password (other sessions end), or sets a first one on an account opened through a provider. */
export function useChangePasswordMutation() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: (body: Pick<ChangePasswordBody, "currentPassword" | "newPassword">) =>
      apiRequest("POST", "/api/user/password", body),
    onSuccess: () => refreshUser(),
  });
}

/** Saves both notification switches together. */
export function useMessagingPreferencesMutation() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: (body: Pick<MessagingPreferencesBody, "emailNotifications" | "pushNotifications">) =>
      apiRequest("POST", "/api/user/messaging-preferences", body),
    // Quick flips are sent one after another, so the last choice is the one stored.
    scope: { id: "messaging-preferences" },
    onSuccess: () => refreshUser(),
  });
}

const REMINDERS_URL = "/api/reminders";
/** Reminder saves run one after another, so the last change is the one stored. */
const REMINDERS_SCOPE = { id: "reminders" };

/** GET /api/reminders: the user's reminders (each kind, set or at its default), quiet hours and time zone. */
export function useRemindersQuery() {
  return useQuery({
    queryKey: [REMINDERS_URL],
    queryFn: ({ signal }) => apiRequest<RemindersResponse>("GET", REMINDERS_URL, undefined, { signal }),
  });
}

/** Refetches the reminders after a save: the server works out the next time each one is due. */
function useRefreshReminders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [REMINDERS_URL] });
}

/** PUT /api/reminders/:kind */
export function useUpdateReminderMutation(
  callbacks: MutationCallbacks<unknown, UpdateReminderBody & { kind: ReminderKind }> = {},
) {
  const refreshReminders = useRefreshReminders();
  return useMutation({
    ...callbacks,
    mutationFn: ({ kind, ...body }: UpdateReminderBody & { kind: ReminderKind }) =>
      apiRequest("PUT", `${REMINDERS_URL}/${kind}`, body),
    scope: REMINDERS_SCOPE,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return refreshReminders();
    },
  });
}

/** PUT /api/reminders/quiet-hours; null clears them. */
export function useUpdateQuietHoursMutation(
  callbacks: MutationCallbacks<unknown, UpdateQuietHoursBody> = {},
) {
  const refreshReminders = useRefreshReminders();
  return useMutation({
    ...callbacks,
    mutationFn: (body: UpdateQuietHoursBody) => apiRequest("PUT", `${REMINDERS_URL}/quiet-hours`, body),
    scope: REMINDERS_SCOPE,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return refreshReminders();
    },
  });
}
