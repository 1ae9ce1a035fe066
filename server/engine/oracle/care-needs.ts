import type { DreamAnalysis } from "../reading/types";

/**
 * Whether a challenge asks for a care reading instead of a lens, and which kind of care. The dream reading's
 * safety analysis decides first (self-harm, sexual violence, harm to children, a loved one dying, …); a
 * challenge is waking life, so abuse told as it happens ("my partner hits me", «me maltrata») is also
 * care, though a dream of a fight is not.
 */

export type CareNeed =
  /** Thoughts of self-harm or suicide: the support lines. */
  | "self_harm"
  /** Abuse or violence done to the person or to a child: not to blame, support for survivors. */
  | "abuse"
  /** Any other painful matter the safety analysis flags (a loved one dying, pregnancy loss, violence). */
  | "hardship";

/** Told in the first person, present or past; idioms ("it hit me that", "it beats me") stay out. */
const ABUSE = new RegExp(
  [
    String.raw`\b(?:hits|slaps|slapped|punches|punched|kicks|kicked|chokes|choked|shoves|shoved) me\b`,
    String.raw`\bhit me again\b`,
    String.raw`\bbeats? me up\b`,
    String.raw`\bbeating me\b`,
    String.raw`\babus(?:ive|er|ers|ed me|es me|ing me)\b`,
    String.raw`\b(?:was|am|being|been) abused\b`,
    String.raw`\b(?:domestic|physical|emotional|sexual|verbal|psychological) (?:abuse|violence)\b`,
    String.raw`\bthreaten(?:s|ed)? to (?:kill|hurt) me\b`,
    String.raw`(?<!\bse )\bme (?:pega|pegaba|pego|golpea|golpeaba|golpeo|maltrata|maltrataba|maltrato)\b`,
    String.raw`\bmalos tratos\b`,
    String.raw`\babus(?:a|aba|o|aron|an) de mi\b`,
    String.raw`\babuso (?:sexual|fisico|emocional|psicologico)\b`,
    String.raw`\bviolencia (?:de genero|domestica|machista|familiar)\b`,
    String.raw`\bamenaz(?:a|aba|o) con (?:matarme|hacerme dano)\b`,
  ].join("|"),
);

function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ");
}

/** The care the challenge needs, in order of weight; empty when the reading can be the usual lens. */
export function careNeeds(analysis: DreamAnalysis): CareNeed[] {
  const kinds = new Set(analysis.safety.kinds);
  const needs: CareNeed[] = [];
  if (kinds.has("self_harm")) needs.push("self_harm");
  if (kinds.has("sexual_violence") || kinds.has("child_harm") || ABUSE.test(folded(analysis.text)))
    needs.push("abuse");
  const otherKinds = [...kinds].some(
    (kind) => !["self_harm", "sexual_violence", "child_harm"].includes(kind),
  );
  if (needs.length === 0 && (otherKinds || analysis.safety.violence)) needs.push("hardship");
  return needs;
}
