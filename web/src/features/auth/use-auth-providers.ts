import { useQuery } from "@tanstack/react-query";
import type { AuthProviders } from "../../../../contract/accounts";
import { apiRequest } from "../../lib/api";

/** The OpenID Connect provider the server offers (null when none is configured). */
export function useAuthProviders() {
  return useQuery<AuthProviders>({
    queryKey: ["/api/auth/providers"],
    queryFn: ({ signal }) => apiRequest<AuthProviders>("GET", "/api/auth/providers", undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Optional extra: a failure just hides the button, it is not a connection problem.
    meta: { connectionErrors: false },
  });
}
