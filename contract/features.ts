/**
 * Which features work today: the one source for every page that promises a feature (plans, landing page and
 * its FAQ, premium promotion pages, help centre, first-time tour, subscription page). Each flips to true in the
 * issue that builds the feature; until then no page promises it, and the privacy policy and terms describe it
 * only as coming ("once available").
 */
export const featureAvailable: Record<"oracle" | "insights" | "memoryLane" | "community", boolean> = {
  /** The oracle consultations and their 10-day practice (oracle issue). */
  oracle: true,
  /** Insights across the journal (insights issue). */
  insights: false,
  /** Memory Lane exercises (memory issue). */
  memoryLane: false,
  /** The community and its premium circles (community issue). */
  community: false,
};

export type Feature = keyof typeof featureAvailable;

/** Whether what needs these features may be shown (nothing needed: always). */
export const featuresAvailable = (needs: readonly Feature[] = []): boolean =>
  needs.every((feature) => featureAvailable[feature]);
