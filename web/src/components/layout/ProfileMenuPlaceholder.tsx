import { ChevronDownIcon, UserIcon } from "./icons";

export const profileTriggerClass =
  "inline-flex min-h-11 max-w-[14rem] items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:border-violet-500 data-[state=open]:border-violet-500 dark:border-night-700 dark:text-slate-100 dark:hover:border-moon-400 dark:data-[state=open]:border-moon-400";

/** Same size as the account menu's trigger while its code loads: no layout shift. */
export function ProfileMenuPlaceholder({ username }: { username: string }) {
  return (
    <span className={profileTriggerClass} aria-hidden="true">
      <UserIcon />
      <span className="truncate">{username}</span>
      <ChevronDownIcon />
    </span>
  );
}
