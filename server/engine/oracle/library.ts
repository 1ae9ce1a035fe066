import type { EmotionKind } from "../../../contract/reading";
import type { MoodFamily, Theme } from "../lexicon/schema";
import type { Language } from "../morphology";
import type { DreamAnalysis } from "../reading/types";

/**
 * The challenge's themes and its practice, from the theme library. A challenge is waking life: it names a
 * boss, a divorce or loneliness more often than two dream images with a cue, so besides the dream engine's
 * themes a theme is also found through the waking-life symbols and feelings listed for it below.
 */

/** Symbol keys and feelings (EmotionKind) a challenge names, beyond the theme's own symbolKeys. */
export const RELATED_KEYS: Record<string, readonly string[]> = {
  transformation: ["transformation", "cocoon", "reincarnation", "resurrection"],
  fear_pursuit: ["dread", "panic", "enemy", "bully"],
  loss_grief: ["grief", "farewell", "despair", "regret", "ancestor"],
  love_union: ["love", "date", "proposal", "crush", "hugging", "longing", "compassion"],
  freedom: ["freedom", "boredom", "foreign_country", "passport", "hiking"],
  control: ["helplessness", "overwhelm", "indecision", "anxiety", "impatience"],
  self_image: [
    "shame",
    "embarrassment",
    "insecurity",
    "confidence",
    "weight_gain",
    "weight_loss",
    "aging",
    "blushing",
    "makeup",
    "shyness",
  ],
  home_family: [
    "family",
    "in_laws",
    "aunt",
    "uncle",
    "cousin",
    "grandchild",
    "roommate",
    "neighbor",
    "twins",
  ],
  spiritual_calling: [
    "meditation",
    "soul",
    "ritual",
    "blessing",
    "destiny",
    "hope",
    "gratitude",
    "awe",
    "priest",
    "monk",
    "nun",
    "calm",
    "peace",
  ],
  conflict: [
    "arguing",
    "anger",
    "frustration",
    "hatred",
    "contempt",
    "scolding",
    "enemy",
    "bully",
    "protest",
  ],
  abundance: ["debt", "inheritance", "gambling", "paying", "bank", "success", "gratitude"],
  communication: [
    "voice",
    "silence",
    "social_media",
    "public_speaking",
    "whispering",
    "asking_for_help",
    "foreign_language",
    "secret",
    "lying",
  ],
  nurturing: ["compassion", "hunger", "eating", "pet", "exhaustion", "grandchild"],
  hidden_self: ["secret", "invisibility", "lying", "shyness"],
  life_transition: [
    "divorce",
    "breaking_up",
    "graduation",
    "job_loss",
    "job_interview",
    "choice",
    "indecision",
    "future",
    "birthday",
    "farewell",
    "foreign_country",
    "surprise",
  ],
  emotional_overwhelm: ["overwhelm", "anxiety", "panic", "sadness", "despair", "fear", "grief", "numbness"],
  trapped: ["helplessness", "debt", "numbness", "boredom", "prisoner", "cage", "chain", "handcuffs"],
  betrayal_trust: ["jealousy", "breaking_up", "divorce", "lying", "secret", "rejection", "abandonment"],
  the_past: ["past", "childhood", "nostalgia", "regret", "reunion", "younger_self", "guilt"],
  performance_judgment: [
    "studying",
    "student",
    "public_speaking",
    "performance",
    "competition",
    "graduation",
    "failure",
    "embarrassment",
    "insecurity",
    "judge",
    "job_interview",
    "anxiety",
    "shame",
  ],
  work_purpose: [
    "coworker",
    "job_interview",
    "job_loss",
    "working",
    "meeting",
    "mission",
    "failure",
    "success",
    "exhaustion",
  ],
  journey_path: ["choice", "future", "hiking", "compass", "foreign_country", "passport", "indecision"],
  lost_searching: ["confusion", "indecision", "choice", "future", "loneliness"],
  danger_vulnerability: ["fear", "dread", "panic", "helplessness", "anxiety", "protection"],
  healing: [
    "illness",
    "pain",
    "surgery",
    "exhaustion",
    "fever",
    "forgiveness",
    "compassion",
    "ambulance",
    "wheelchair",
  ],
  nature_renewal: ["nature", "plant", "spring_season", "hiking", "seed", "calm", "peace"],
  instinct: ["pet", "animal", "hunger"],
  power_authority: ["judge", "politician", "lawyer", "pride", "confidence", "courtroom"],
  creativity_expression: [
    "painting",
    "writing",
    "music",
    "artist",
    "musician",
    "guitar",
    "piano",
    "drum",
    "voice",
    "sewing",
    "notebook",
  ],
  inner_child: ["childhood", "younger_self", "playing_game", "ball"],
  ambition: ["success", "competition", "confidence", "pride", "courage", "trophy", "failure"],
  upheaval: ["pandemic", "apocalypse", "protest", "shattering", "surprise", "job_loss"],
  shadow_self: ["hatred", "jealousy", "contempt", "secret", "disgust", "guilt"],
  cosmic_wonder: ["awe", "outer_space", "planet", "destiny"],
  celebration_joy: ["joy", "excitement", "birthday", "festival", "gratitude", "christmas", "new_year"],
  solitude: [
    "loneliness",
    "abandonment",
    "rejection",
    "silence",
    "longing",
    "sadness",
    "moving_house",
    "city",
  ],
  ancestral_guidance: ["ancestor", "inheritance"],
  time_pressure: ["impatience", "waiting", "future", "aging", "anxiety", "exhaustion"],
  desire_intimacy: ["crush", "flirting", "date", "longing", "love"],
  boundaries_protection: ["protection", "bully", "neighbor", "in_laws", "anger", "disgust", "lock", "fence"],
};

/** Where a challenge with nothing to go on by symbols is read, by its mood. */
const MOOD_THEMES: Record<MoodFamily, readonly string[]> = {
  fear: ["emotional_overwhelm", "danger_vulnerability", "upheaval"],
  sadness: ["solitude", "healing", "emotional_overwhelm"],
  anger: ["conflict", "boundaries_protection", "upheaval"],
  shame: ["self_image", "performance_judgment", "healing"],
  confusion: ["lost_searching", "life_transition", "journey_path"],
  joy: ["celebration_joy", "creativity_expression", "nature_renewal"],
  calm: ["life_transition", "journey_path", "nature_renewal"],
};

/**
 * Gentle, grounding techniques (breath, the body, a pause) a care reading may offer, best first. The first is
 * the fallback when none of the challenge's themes holds one.
 */
const GROUNDING = [
  "healing:0",
  "upheaval:1",
  "time_pressure:1",
  "transformation:1",
  "nature_renewal:1",
  "control:1",
];

/** Themes a care reading may show beside its practice's: none of them light-hearted. */
const CARE_THEMES = new Set([
  "loss_grief",
  "emotional_overwhelm",
  "solitude",
  "healing",
  "danger_vulnerability",
  "trapped",
  "boundaries_protection",
  "home_family",
  "nurturing",
  "life_transition",
]);

export const MAX_THEMES = 3;

/** What the challenge names, with a weight: a symbol counts 2, the strongest feeling 3 (it says most). */
function signals(analysis: DreamAnalysis): Map<string, number> {
  const weights = new Map<string, number>();
  for (const match of analysis.matches) weights.set(match.key, 2);
  analysis.emotions.dominant.forEach((feeling, index) => {
    const kind: EmotionKind = feeling.kind;
    weights.set(kind, Math.max(weights.get(kind) ?? 0, index === 0 ? 3 : 1));
  });
  return weights;
}

/** Every theme the challenge touches, most touched first (library order breaks ties). */
function touchedThemes(analysis: DreamAnalysis, library: readonly Theme[]): Theme[] {
  const weights = signals(analysis);
  const scored = library.map((theme, order) => {
    const keys = new Set([...theme.symbolKeys, ...(RELATED_KEYS[theme.key] ?? [])]);
    let score = 0;
    for (const [key, weight] of weights) if (keys.has(key)) score += weight;
    return { theme, order, score };
  });
  return scored
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ theme }) => theme);
}

function byKeys(keys: readonly string[], library: readonly Theme[]): Theme[] {
  return keys.flatMap((key) => library.find((theme) => theme.key === key) ?? []);
}

function unique(themes: readonly Theme[]): Theme[] {
  return themes.filter((theme, index) => themes.findIndex((other) => other.key === theme.key) === index);
}

export interface LibraryChoice {
  /** Up to MAX_THEMES, the practice's own among them. */
  themes: Theme[];
  exercise: { theme: Theme; index: number };
}

export interface ChoiceRequest {
  analysis: DreamAnalysis;
  library: readonly Theme[];
  language: Language;
  mood: MoodFamily;
  /** A light or neutral challenge in a light mood: playful techniques may be offered. */
  lightHearted: boolean;
  /** The challenge speaks of someone who has died: techniques addressed to them may be offered. */
  bereaved: boolean;
  care: boolean;
}

/** A technique written for a dream ("recall the water scene") reads oddly beside a waking-life challenge. */
function speaksOfDreams(technique: Theme["en"]["techniques"][number]): boolean {
  return /\bdream|sueñ|soñ/i.test(`${technique.name} ${technique.description} ${technique.instructions}`);
}

interface Candidate {
  theme: Theme;
  index: number;
  /** Lower is better: the tier of its theme, pushed back when it speaks of dreams. */
  rank: number;
}

function candidates(tiers: readonly (readonly Theme[])[], request: ChoiceRequest): Candidate[] {
  const { language, mood, lightHearted, bereaved } = request;
  return tiers.flatMap((tier, tierIndex) =>
    tier.flatMap((theme) =>
      theme[language].techniques.flatMap((technique, index) => {
        const fits =
          (technique.moods?.includes(mood) ?? true) &&
          (lightHearted || !technique.playful) &&
          (bereaved || !technique.bereavement);
        if (!fits) return [];
        return [{ theme, index, rank: tierIndex + (speaksOfDreams(technique) ? tiers.length : 0) }];
      }),
    ),
  );
}

function best(found: readonly Candidate[]): Candidate | undefined {
  // A stable sort keeps the themes' order, and each theme's techniques in the library's order.
  return [...found].sort((a, b) => a.rank - b.rank)[0];
}

function withPractice(themes: readonly Theme[], practice: Theme): Theme[] {
  if (themes.some((theme) => theme.key === practice.key)) return themes.slice(0, MAX_THEMES);
  return [...themes.slice(0, MAX_THEMES - 1), practice];
}

function groundingChoice(themes: readonly Theme[], request: ChoiceRequest): LibraryChoice {
  const found = GROUNDING.flatMap((id) => {
    const [key, at] = id.split(":");
    const theme = request.library.find((candidate) => candidate.key === key);
    const index = Number(at);
    const technique = theme?.[request.language].techniques[index];
    if (!theme || !technique || technique.playful) return [];
    const shown = themes.some((candidate) => candidate.key === key);
    return [{ theme, index, rank: (shown ? 0 : 2) + (speaksOfDreams(technique) ? 1 : 0) }];
  });
  const chosen = best(found);
  if (!chosen) throw new Error("the theme library holds no grounding technique");
  const shown = themes.filter((theme) => CARE_THEMES.has(theme.key));
  return {
    themes: withPractice(
      [chosen.theme, ...shown.filter((theme) => theme.key !== chosen.theme.key)],
      chosen.theme,
    ),
    exercise: { theme: chosen.theme, index: chosen.index },
  };
}

/**
 * Themes: the dream engine's own for the text first; when it found none, those the challenge's symbols and
 * feelings touch; when nothing touches one, the mood's usual themes. Practice: the best fitting technique of
 * those themes (mood, never playful for a dark challenge, bereavement only for a death), then of the other
 * touched themes, then of the mood's; a care reading gets a grounding one.
 */
export function chooseFromLibrary(request: ChoiceRequest): LibraryChoice {
  const { analysis, library } = request;
  const touched = touchedThemes(analysis, library);
  const found = byKeys(analysis.themes, library);
  const moodThemes = byKeys(MOOD_THEMES[request.mood], library);
  const themes = (found.length > 0 ? found : touched.length > 0 ? touched : moodThemes).slice(0, MAX_THEMES);
  // A care reading shows only what the challenge itself touches, never a mood's stock themes.
  if (request.care) return groundingChoice(unique([...found, ...touched]), request);
  const chosen =
    best(candidates([themes, touched, moodThemes], request)) ?? best(candidates([library], request));
  if (!chosen) throw new Error("the theme library holds no technique for this mood");
  return {
    themes: withPractice(themes, chosen.theme),
    exercise: { theme: chosen.theme, index: chosen.index },
  };
}
