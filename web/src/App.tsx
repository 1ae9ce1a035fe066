import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Layout } from "./components/layout/Layout";
import { Toaster } from "./components/ui/Toaster";
import { AuthProvider } from "./features/auth/auth-context";
import { createQueryClient } from "./lib/query-client";
import { AppRoutes } from "./routes";

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Layout>
          <AppRoutes />
        </Layout>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
