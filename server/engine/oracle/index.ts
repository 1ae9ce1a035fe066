/**
 * The oracle's deterministic composer (decisions.md "Oracle"): a consultation's reading from the challenge's
 * analysis, the profile, the dreamer's recurring symbols and the technique library; and the follow-up's
 * analysis of the practice journal. Pure and synchronous, in English and Spanish.
 */
export { type ConsultationInput, composeConsultation } from "./compose-consultation";
export { composeFollowUp, type FollowUpInput, type FollowUpText } from "./compose-follow-up";
