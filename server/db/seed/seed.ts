import { loadLexiconData } from "../../engine/lexicon/load";
import type { Database } from "../client";
import { landingPageVariants } from "../schema/index";
import { seedLexicon } from "./lexicon-seed";

/**
 * Reference data every installation needs. Idempotent: safe on every start, never overwrites
 * rows an admin has edited (conflicts on natural keys are skipped).
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
  await seedLexicon(db, loadLexiconData());
}
