import { shippedLexicon } from "../../modules/symbols/symbol-engine";
import type { Database } from "../client";
import { landingPageVariants } from "../schema/index";
import { seedLexicon } from "./lexicon-seed";
import { backfillUsernameSkeletons } from "./username-skeletons";

/**
 * Reference data every installation needs, and values the migrations could not compute in SQL. Idempotent:
 * safe on every start, never overwrites rows an admin has edited (conflicts on natural keys are skipped).
 */
export async function seedDatabase(db: Database): Promise<void> {
  await db
    .insert(landingPageVariants)
    .values({
      variantKey: "default",
      name: "Default landing page",
      isActive: true,
      weight: 10,
    })
    .onConflictDoNothing();
  // The copy the engine compiles too: the files are read and checked once per process.
  await seedLexicon(db, shippedLexicon());
  await backfillUsernameSkeletons(db);
}
