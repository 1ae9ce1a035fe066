import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../auth/auth-context";
import { DeleteAccountCard } from "./DeleteAccountCard";
import { NotificationSettings } from "./NotificationSettings";
import { PasswordForm } from "./PasswordForm";
import { PreferencesForm } from "./PreferencesForm";
import { ProfileForm } from "./ProfileForm";
import { RemindersCard } from "./RemindersCard";
import { SessionsCard } from "./SessionsCard";

/** /account and /profile: the signed-in user's own settings (the route guard guarantees a user). */
export default function AccountPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const headingId = useId();
  if (!user) return null;
  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 id={headingId} className="text-2xl font-semibold text-slate-900 sm:text-3xl dark:text-slate-100">
        {t("account.title")}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-200">{t("account.intro")}</p>
      <div className="mt-8 flex flex-col gap-6">
        {/* Keyed by user so the forms start again from the stored values after a change of account. */}
        <ProfileForm key={`profile-${user.id}`} user={user} />
        <PreferencesForm key={`preferences-${user.id}`} user={user} />
        <NotificationSettings key={`notifications-${user.id}`} user={user} />
        <RemindersCard key={`reminders-${user.id}`} user={user} />
        <PasswordForm key={`password-${user.id}-${user.hasPassword}`} user={user} />
        <SessionsCard />
        <DeleteAccountCard user={user} />
      </div>
    </section>
  );
}
