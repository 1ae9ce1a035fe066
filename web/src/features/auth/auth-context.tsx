import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { PublicUser, SignupBody } from "../../../../contract/accounts";
import { dismissToast, toast } from "../../components/ui/toast-store";
import { getQueryFn, isApiError } from "../../lib/api";
import { LANGUAGE_KEY } from "../../lib/i18n";
import { THEME_KEY } from "../../lib/theme";
import {
  type DeleteAccountConfirmation,
  deleteAccountRequest,
  loginRequest,
  logoutEverywhereRequest,
  logoutRequest,
  signupRequest,
  USER_QUERY_KEY,
} from "./api";
import { recordAuthEvent } from "./auth-events";

/** Spec section 9: the session is re-checked ~100 ms after a registration that needs no verification. */
export const POST_REGISTRATION_RECHECK_MS = 100;

export interface SignupOutcome {
  requiresVerification: boolean;
  nextStep: string;
  email: string;
}

interface AuthValue {
  user: PublicUser | null;
  isLoading: boolean;
  isLoggingOut: boolean;
  login(username: string, password: string): Promise<PublicUser>;
  register(input: SignupBody): Promise<SignupOutcome>;
  logout(): Promise<void>;
  /** Ends every session of the user on the server (all devices), then cleans up like logout. */
  logoutEverywhere(): Promise<void>;
  /** Deletes the account on the server, then forgets everything locally and goes to the home page. */
  deleteAccount(confirmation: DeleteAccountConfirmation): Promise<void>;
  refreshUser(): Promise<void>;
}

/** Set by the server beside the HttpOnly session cookie (`chitta_auth_hint`); it holds no secret. */
export const hasSessionHint = () =>
  document.cookie.split("; ").some((cookie) => cookie.startsWith("chitta_auth_hint="));

const AuthContext = createContext<AuthValue | null>(null);

/**
 * The user as the server last confirmed them, so a signed-in person can open the app and write a dream with
 * no connection (the offline outbox saves it later). Read only when the session check could not reach the
 * server at all; an answer from the server always wins. Cleared with everything else on logout.
 */
const LAST_USER_KEY = "chitta-last-user";

function rememberUser(user: PublicUser | null): void {
  try {
    if (user) window.localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Without storage the app simply needs the network to open private pages.
  }
}

function lastKnownUser(): PublicUser | null {
  try {
    const stored = window.localStorage.getItem(LAST_USER_KEY);
    return stored ? (JSON.parse(stored) as PublicUser) : null;
  } catch {
    return null;
  }
}

const statusOf = (error: unknown) => (isApiError(error) ? error.status : undefined);

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) && error.message
    ? error.message
    : error instanceof Error && error.message
      ? error.message
      : fallback;

/** Everything stored for the session goes; the reader's language and theme choices stay. */
function clearStoredSession(): void {
  const keep = [LANGUAGE_KEY, THEME_KEY].map((key) => [key, window.localStorage.getItem(key)] as const);
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const [key, value] of keep) if (value !== null) window.localStorage.setItem(key, value);
}

/** Forgets the session in this browser: no user, no cached data, nothing stored for it. */
function forgetSession(queryClient: QueryClient): void {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  queryClient.clear();
  clearStoredSession();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const loginInFlight = useRef(false);
  /** The last "Login Failed" / "Registration Failed" toast: a success that follows takes it away. */
  const failureToast = useRef<number | null>(null);
  const showFailure = useCallback((title: string, description: string) => {
    failureToast.current = toast({ title, description, variant: "destructive" });
  }, []);
  const clearFailure = useCallback(() => {
    if (failureToast.current !== null) dismissToast(failureToast.current);
    failureToast.current = null;
  }, []);

  const userQuery = useQuery<PublicUser | null>({
    queryKey: USER_QUERY_KEY,
    // Offline the check must still run (and fall back to the last known user) rather than wait paused; back
    // online it runs again whatever its age, so the server has the last word.
    networkMode: "always",
    refetchOnReconnect: "always",
    // A guest is known at once: no loading state, and no re-render of the first screen when a check settles.
    initialData: () => (hasSessionHint() ? undefined : null),
    queryFn: async (context) => {
      // No hint cookie means no session: guests skip the check and its 401 altogether.
      if (!hasSessionHint()) return null;
      try {
        const user = (await getQueryFn({ on401: "returnNull" })(context)) as PublicUser | null;
        recordAuthEvent("session_check", { userId: user?.id });
        rememberUser(user);
        return user;
      } catch (error) {
        recordAuthEvent("session_check_failed", { status: statusOf(error) });
        // No answer at all (offline): the session cookie is still there, so is the person.
        const known = isApiError(error) ? null : lastKnownUser();
        if (known) return known;
        throw error;
      }
    },
  });

  const login = useCallback(
    async (username: string, password: string) => {
      if (loginInFlight.current) throw new Error(t("auth.loginInProgress"));
      loginInFlight.current = true;
      try {
        const user = await loginRequest(username, password);
        queryClient.setQueryData(USER_QUERY_KEY, user);
        rememberUser(user);
        recordAuthEvent("login", { userId: user.id });
        clearFailure();
        return user;
      } catch (error) {
        recordAuthEvent("login_failed", { status: statusOf(error) });
        const message = messageOf(error, t("auth.loginFailed"));
        showFailure(t("auth.toast.loginFailed"), message);
        // The server's error (code, field errors) travels along as the cause.
        throw new Error(message, { cause: error });
      } finally {
        loginInFlight.current = false;
      }
    },
    [queryClient, t, showFailure, clearFailure],
  );

  const register = useCallback(
    async (input: SignupBody): Promise<SignupOutcome> => {
      try {
        const response = await signupRequest(input);
        recordAuthEvent("register", { userId: response.user?.id });
        clearFailure();
        if (response.requiresVerification) {
          queryClient.setQueryData(USER_QUERY_KEY, null);
          return {
            requiresVerification: true,
            nextStep: response.nextStep ?? "EMAIL_VERIFICATION",
            email: input.email,
          };
        }
        await new Promise((resolve) => setTimeout(resolve, POST_REGISTRATION_RECHECK_MS));
        await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        return { requiresVerification: false, nextStep: response.nextStep ?? "LOGIN", email: input.email };
      } catch (error) {
        recordAuthEvent("register_failed", { status: statusOf(error) });
        const message = messageOf(error, t("auth.registrationFailed"));
        showFailure(t("auth.toast.registrationFailed"), message);
        throw new Error(message, { cause: error });
      }
    },
    [queryClient, t, showFailure, clearFailure],
  );

  const logout = useCallback(async () => {
    setLoggingOut(true);
    // The local user goes first, so no screen keeps showing private data while the server answers.
    queryClient.setQueryData(USER_QUERY_KEY, null);
    let serverOk = true;
    try {
      await logoutRequest();
      recordAuthEvent("logout");
    } catch (error) {
      serverOk = false;
      recordAuthEvent("logout_failed", { status: statusOf(error) });
    }
    forgetSession(queryClient);
    setLoggingOut(false);
    if (serverOk) toast({ title: t("auth.toast.loggedOut"), description: t("auth.loggedOutDescription") });
    else
      toast({
        title: t("auth.toast.partialLogout"),
        description: t("auth.partialLogoutDescription"),
        variant: "destructive",
      });
    navigate("/login");
  }, [navigate, queryClient, t]);

  const logoutEverywhere = useCallback(async () => {
    setLoggingOut(true);
    try {
      await logoutEverywhereRequest();
    } catch (error) {
      // Unlike logout, a failure here means other devices may still be signed in: say so, stay signed in.
      // Only a session that is already gone (401) is cleaned up locally.
      if (!(isApiError(error) && error.status === 401)) {
        setLoggingOut(false);
        throw error;
      }
    }
    forgetSession(queryClient);
    setLoggingOut(false);
    toast({ title: t("account.toast.signedOutEverywhere"), description: t("account.sessions.done") });
    navigate("/login");
  }, [navigate, queryClient, t]);

  const deleteAccount = useCallback(
    async (confirmation: DeleteAccountConfirmation) => {
      await deleteAccountRequest(confirmation);
      // Leave the private page before the user disappears, so its guard does not send us to /login.
      navigate("/");
      forgetSession(queryClient);
      toast({ title: t("account.toast.deleted"), description: t("account.delete.done") });
    },
    [navigate, queryClient, t],
  );

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }, [queryClient]);

  const value = useMemo<AuthValue>(
    () => ({
      user: userQuery.data ?? null,
      isLoading: userQuery.isLoading,
      isLoggingOut,
      login,
      register,
      logout,
      logoutEverywhere,
      deleteAccount,
      refreshUser,
    }),
    [
      userQuery.data,
      userQuery.isLoading,
      isLoggingOut,
      login,
      register,
      logout,
      logoutEverywhere,
      deleteAccount,
      refreshUser,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}
