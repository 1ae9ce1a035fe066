/** Full-area spinner with a live message ('Loading CHITTA...', 'Authenticating...', ...). */
export function LoadingScreen({ message }: { message: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-moon-300"
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-moon-400/30 border-t-moon-300"
      />
      <p>{message}</p>
    </div>
  );
}
