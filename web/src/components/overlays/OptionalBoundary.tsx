import { Component, type ReactNode } from "react";
import { reportConnectionError } from "./connection-store";

/**
 * For optional, lazily loaded pieces of the frame (account menu, dialogs): if their code cannot load, the
 * fallback shows instead and the connection screen explains why; the rest of the app keeps working.
 */
export class OptionalBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (!reportConnectionError(error)) console.error("[CHITTA] Optional component failed:", error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
