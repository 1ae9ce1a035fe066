import { Component, type ErrorInfo, type ReactNode } from "react";
import {
  buildErrorRecord,
  errorMessageOf,
  isChunkLoadError,
  isMinorError,
  isNetworkError,
  saveErrorRecord,
} from "../../lib/error-log";
import { ConnectionErrorPanel } from "./ConnectionErrorScreen";
import { reportConnectionError } from "./connection-store";
import { FatalErrorScreen } from "./FatalErrorScreen";

/** Spec section 9: up to 3 automatic recoveries, 100 ms apart. */
export const MAX_RECOVERY_ATTEMPTS = 3;
export const RECOVERY_DELAY_MS = 100;
/** After this long without a new error, the recovery budget is full again. */
export const STABLE_RESET_MS = 10_000;

interface Props {
  children: ReactNode;
  /** A new value (e.g. the current path) clears a failure: the next page gets a fresh start. */
  resetKey?: unknown;
}

interface State {
  hasError: boolean;
  error: unknown;
  /** Real errors recovered from so far. */
  retryCount: number;
  /** Minor errors re-rendered so far. */
  minorCount: number;
  outcome: "recovering" | "fatal" | "connection";
}

const initialState: State = {
  hasError: false,
  error: null,
  retryCount: 0,
  minorCount: 0,
  outcome: "recovering",
};

/**
 * Spec section 4: minor browser errors (resize observer, chunk loading, failed fetches, aborts) are ignored
 * by rendering again; other errors are retried up to 3 times after 100 ms, then the fatal screen shows and
 * the error is kept in localStorage for support.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = initialState;
  private recoveryTimer: ReturnType<typeof setTimeout> | undefined;
  private stableTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { hasError: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    clearTimeout(this.stableTimer);
    this.stableTimer = undefined;
    const { retryCount, minorCount } = this.state;

    if (isMinorError(error)) {
      console.warn("[CHITTA] Minor error, rendering again:", errorMessageOf(error));
      reportConnectionError(error);
      if (minorCount < MAX_RECOVERY_ATTEMPTS) {
        this.setState({ minorCount: minorCount + 1, outcome: "recovering" });
        this.scheduleRecovery();
      } else if (isChunkLoadError(error) || isNetworkError(error)) {
        this.setState({ outcome: "connection" });
      } else {
        this.fail(error, info, minorCount);
      }
      return;
    }

    if (retryCount < MAX_RECOVERY_ATTEMPTS) {
      console.error("[CHITTA] Error, recovering automatically:", error);
      this.setState({ retryCount: retryCount + 1, outcome: "recovering" });
      this.scheduleRecovery();
      return;
    }
    this.fail(error, info, retryCount);
  }

  override componentDidUpdate(prevProps: Props): void {
    const { hasError, retryCount, minorCount } = this.state;
    if (prevProps.resetKey !== this.props.resetKey && (hasError || retryCount > 0 || minorCount > 0)) {
      this.clearTimers();
      this.setState(initialState);
      return;
    }
    if (!hasError && (retryCount > 0 || minorCount > 0) && !this.stableTimer) {
      this.stableTimer = setTimeout(() => {
        this.stableTimer = undefined;
        if (!this.state.hasError) this.setState({ retryCount: 0, minorCount: 0 });
      }, STABLE_RESET_MS);
    }
  }

  override componentWillUnmount(): void {
    this.clearTimers();
  }

  private clearTimers() {
    clearTimeout(this.recoveryTimer);
    clearTimeout(this.stableTimer);
    this.recoveryTimer = undefined;
    this.stableTimer = undefined;
  }

  private scheduleRecovery() {
    clearTimeout(this.recoveryTimer);
    this.recoveryTimer = setTimeout(() => {
      this.recoveryTimer = undefined;
      this.setState({ hasError: false, error: null, outcome: "recovering" });
    }, RECOVERY_DELAY_MS);
  }

  private fail(error: unknown, info: ErrorInfo, retryCount: number) {
    console.error("[CHITTA] Unrecoverable error:", error);
    saveErrorRecord(buildErrorRecord(error, info.componentStack, retryCount));
    this.setState({ outcome: "fatal" });
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    if (this.state.outcome === "fatal") return <FatalErrorScreen error={this.state.error} />;
    if (this.state.outcome === "connection") {
      return (
        <ConnectionErrorPanel problem={{ kind: isChunkLoadError(this.state.error) ? "chunk" : "network" }} />
      );
    }
    return null;
  }
}
