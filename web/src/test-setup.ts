import { beforeEach } from "vitest";

// Unit tests answer /api/user through stubbed fetch for guests and members alike, so they start with the
// server's session hint present; the hint-absent path has its own test (auth-context.test.tsx).
beforeEach(() => {
  document.cookie = "chitta_auth_hint=1; path=/";
});
