import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublicUser, UpdateUserBody } from "../../../../contract/accounts";
import { apiRequest } from "../../lib/api";
import { USER_QUERY_KEY, useAuth } from "../auth/auth-context";

export type UserChanges = Pick<
  UpdateUserBody,
  "username" | "email" | "currentPassword" | "language" | "timezone" | "pictureUrl"
>;

/** PATCH /api/user: the answer is the updated user, which replaces the cached one before a fresh session check. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: (changes: UserChanges) => apiRequest<PublicUser>("PATCH", "/api/user", changes),
    onSuccess: async (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      await refreshUser();
    },
  });
}
