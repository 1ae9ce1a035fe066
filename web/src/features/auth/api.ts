import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AuthProviders,
  ForgotPasswordBody,
  LoginResponse,
  MessageResponse,
  PublicUser,
  ResendBody,
  ResetPasswordBody,
  SignupBody,
  SignupResponse,
} from "../../../../contract/accounts";
import { apiRequest } from "../../lib/api";
import type { MutationCallbacks } from "../../lib/query-client";

/**
 * The sign-in family's calls. The session's own requests (login, signup, logout, delete) are plain functions:
 * the auth context runs them inside its state machine (one login at a time, toasts, the auth event log).
 */

export const USER_QUERY_KEY = ["/api/user"] as const;
export const AUTH_PROVIDERS_KEY = ["/api/auth/providers"] as const;
export const RESEND_VERIFICATION_URL = "/api/email-verification/resend";

/** How the person confirms deleting their account: the password, or the word DELETE without one. */
export type DeleteAccountConfirmation = { password: string } | { confirm: "DELETE" };

/** Signs in; an answer without the user's id and fields is refused with the spec's text (section 8). */
export async function loginRequest(username: string, password: string): Promise<PublicUser> {
  const response = await apiRequest<Partial<LoginResponse> | null>("POST", "/api/login", {
    username,
    password,
  });
  if (!response || typeof response !== "object" || typeof response.id !== "number" || !response.user) {
    throw new Error("Invalid user data received from server");
  }
  return response.user;
}

export const signupRequest = (body: SignupBody) =>
  apiRequest<Partial<SignupResponse>>("POST", "/api/signup", body);

export const logoutRequest = () => apiRequest("POST", "/api/auth/logout");

/** Ends every session of the user, on every device. */
export const logoutEverywhereRequest = () => apiRequest("POST", "/api/auth/logout-all");

export const deleteAccountRequest = (confirmation: DeleteAccountConfirmation) =>
  apiRequest("DELETE", "/api/user", confirmation);

/** The OpenID Connect provider the server offers (null when none is configured). */
export function useAuthProvidersQuery() {
  return useQuery<AuthProviders>({
    queryKey: AUTH_PROVIDERS_KEY,
    queryFn: ({ signal }) => apiRequest<AuthProviders>("GET", AUTH_PROVIDERS_KEY[0], undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Optional extra: a failure just hides the button, it is not a connection problem.
    meta: { connectionErrors: false },
  });
}

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiRequest<MessageResponse>("POST", "/api/password/forgot", body),
  });
}

/** Re-reads the signed-in user once a mutation changed it. */
export function useRefreshUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
}

/** Sets a new password from a mailed token; the server ends every session, this browser's included. */
export function useResetPasswordMutation() {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiRequest<MessageResponse>("POST", "/api/password/reset", body),
    onSuccess: () => refreshUser(),
  });
}

/**
 * Sends the verification link again: without a body to the signed-in user, else to the address given.
 * Spec section 7: always with the JSON content type, body or not; any 2xx is a success.
 */
export function useResendVerificationMutation(
  callbacks: MutationCallbacks<MessageResponse, ResendBody> = {},
) {
  return useMutation({
    ...callbacks,
    mutationFn: (body: ResendBody) =>
      apiRequest<MessageResponse>("POST", RESEND_VERIFICATION_URL, body ?? undefined, {
        jsonContentType: true,
      }),
  });
}

/** Posts a mailed link's token to `path` (verify the email, revert an email change), then re-reads the user. */
export function useTokenLinkMutation(path: string) {
  const refreshUser = useRefreshUser();
  return useMutation({
    mutationFn: (token: string) => apiRequest<MessageResponse>("POST", path, { token }),
    onSuccess: () => refreshUser(),
  });
}
