import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { DISMISS_HOURS, type RewardModalType } from "../../../../contract/referral-constants";
import type { PendingRewards } from "../../../../contract/referrals";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogDescription } from "../../components/ui/Dialog";
import { bodyClass } from "../../components/ui/page-styles";
import { toast } from "../../components/ui/toast-store";
import { REFERRALS_NS } from "../../lib/i18n";
import { useClaimRewardMutation, useDismissRewardsMutation } from "./api";
import { useClaimToasts, useCopyReferral } from "./feedback";

/** What the modal shows: one of the spec's three variants and the pending query's figures. */
export interface ShownRewards {
  type: RewardModalType;
  data: PendingRewards["data"];
}

const PLANS_PATH = "/subscribe";

/** Spec section 2: the referral rewards modal, exactly its three variants, texts and buttons. */
export default function RewardsDialog({ rewards, onClose }: { rewards: ShownRewards; onClose(): void }) {
  const { t } = useTranslation(REFERRALS_NS, { keyPrefix: "referrals.modal" });
  const [, navigate] = useLocation();
  const copy = useCopyReferral();
  const claimToasts = useClaimToasts();
  const dismiss = useDismissRewardsMutation({
    onSuccess: onClose,
    // The modal stays open: the member can choose again.
    onError: () =>
      toast({ title: t("dismissFailedTitle"), description: t("dismissFailed"), variant: "destructive" }),
  });
  const claim = useClaimRewardMutation({
    onSuccess: (answer) => {
      claimToasts.claimed(answer);
      toPlans();
    },
    onError: claimToasts.failed,
  });
  const busy = dismiss.isPending || claim.isPending;
  const { data } = rewards;

  /** Spec section 2: the claim closes the modal, then goes to /subscribe. */
  function toPlans() {
    onClose();
    navigate(PLANS_PATH);
  }

  const hide = (hours: number, label: string, variant: "secondary" | "ghost" = "secondary") => (
    <Button variant={variant} disabled={busy} onClick={() => dismiss.mutate(hours)}>
      {label}
    </Button>
  );

  if (rewards.type === "referee_upgrade_prompt") {
    return (
      <RewardsFrame
        title={t("refereeUpgrade.title")}
        description={t("refereeUpgrade.body")}
        onClose={onClose}
      >
        <Button disabled={busy} onClick={toPlans}>
          {t("refereeUpgrade.claim")}
        </Button>
        {hide(DISMISS_HOURS.later, t("refereeUpgrade.later"))}
        {hide(DISMISS_HOURS.tomorrow, t("refereeUpgrade.tomorrow"), "ghost")}
      </RewardsFrame>
    );
  }

  if (rewards.type === "referrer_celebration") {
    const rewardId = data.claimableRewardId;
    return (
      <RewardsFrame
        title={t("referrerCelebration.title")}
        description={t("referrerCelebration.body")}
        onClose={onClose}
        figure={t("referrerCelebration.available", { count: data.freeMonthsAvailable })}
      >
        {rewardId !== null ? (
          <Button
            disabled={dismiss.isPending}
            pending={claim.isPending}
            pendingLabel={t("referrerCelebration.claiming")}
            onClick={() => claim.mutate(rewardId)}
          >
            {t("referrerCelebration.claim")}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={busy} onClick={() => void copy("link", data.referralCode)}>
          {t("referrerCelebration.share")}
        </Button>
        {hide(DISMISS_HOURS.later, t("referrerCelebration.later"))}
        {hide(DISMISS_HOURS.tomorrow, t("referrerCelebration.tomorrow"), "ghost")}
      </RewardsFrame>
    );
  }

  return (
    <RewardsFrame
      title={t("continueSharing.title")}
      description={t("continueSharing.body")}
      onClose={onClose}
      figure={t("continueSharing.referred", { count: data.totalReferrals })}
    >
      <Button disabled={busy} onClick={() => void copy("link", data.referralCode)}>
        {t("continueSharing.copyLink")}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => void copy("code", data.referralCode)}>
        {t("continueSharing.copyCode")}
      </Button>
      {hide(DISMISS_HOURS.later, t("continueSharing.done"))}
    </RewardsFrame>
  );
}

/** The dialog around a variant: its title, its text and the figure that matters (read together), its buttons. */
function RewardsFrame({
  title,
  description,
  figure,
  onClose,
  children,
}: {
  title: string;
  description: string;
  figure?: string;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} centered title={title} describedByChildren>
      <DialogDescription asChild>
        <div className={`mt-2 flex flex-col gap-3 text-center ${bodyClass}`}>
          <p className="text-lg">{description}</p>
          {figure ? <p className="text-lg font-semibold">{figure}</p> : null}
        </div>
      </DialogDescription>
      <div className="mt-6 flex flex-col gap-3">{children}</div>
    </Dialog>
  );
}
