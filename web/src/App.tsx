import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Layout } from "./components/layout/Layout";
import { ConnectionErrorScreen } from "./components/overlays/ConnectionErrorScreen";
import { ErrorBoundary } from "./components/overlays/ErrorBoundary";
import { OnboardingOverlays } from "./components/overlays/OnboardingOverlays";
import { ReferralRedirect } from "./components/overlays/ReferralRedirect";
import { Toaster } from "./components/ui/Toaster";
import { AnnouncementStack } from "./features/announcements/AnnouncementStack";
import { AuthProvider } from "./features/auth/auth-context";
import { SyncWaitingDreams } from "./features/dreams/offline/SyncWaitingDreams";
import { PushPrompt } from "./features/push/PushPrompt";
import { UpdatePrompt } from "./features/pwa/UpdatePrompt";
import { RewardsModal } from "./features/referrals/RewardsModal";
import { createQueryClient } from "./lib/query-client";
import { AppRoutes } from "./routes";

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ReferralRedirect />
          <Layout>
            <AppRoutes />
          </Layout>
          <OnboardingOverlays />
          <AnnouncementStack />
          <RewardsModal />
          <PushPrompt />
          <SyncWaitingDreams />
          <UpdatePrompt />
          <ConnectionErrorScreen />
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
