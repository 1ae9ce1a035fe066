import { useEffect, useRef } from "react";
import { useSearch } from "wouter";
import { useTokenLinkMutation } from "./api";

/**
 * A page opened from a mailed link (`?token=`): posts the token to `path` once, then refreshes the session's user.
 * Gives the token ("" when the link has none) and the request's state.
 */
export function useMailedLink(path: string) {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const sent = useRef(false);
  const mutation = useTokenLinkMutation(path);
  const { mutate } = mutation;

  // The link works once: post it exactly once, even when React mounts the page twice in development.
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  return { token, mutation };
}
