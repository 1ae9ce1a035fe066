import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSearch } from "wouter";
import { apiRequest } from "../../lib/api";
import { useAuth } from "./auth-context";

/**
 * A page opened from a mailed link (`?token=`): posts the token to `path` once, then refreshes the session's user.
 * Gives the token ("" when the link has none) and the request's state.
 */
export function useMailedLink(path: string) {
  const { refreshUser } = useAuth();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const sent = useRef(false);
  const mutation = useMutation({
    mutationFn: (value: string) => apiRequest("POST", path, { token: value }),
    onSuccess: () => refreshUser(),
  });
  const { mutate } = mutation;

  // The link works once: post it exactly once, even when React mounts the page twice in development.
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  return { token, mutation };
}
