import type { BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seedEarlierPracticeDays } from "./oracle-seed";
import {
  DESKTOP,
  journeySuite,
  newPage,
  PHONE,
  SCREENSHOT_DIR,
  seriousViolations,
  signUpAndLogIn,
} from "./support";

const suite = journeySuite();

/** Each language's journey: what is typed, and the texts the pages show in that language. */
const JOURNEYS = {
  en: {
    device: ["desktop", DESKTOP],
    birth: { date: "1985-11-02", time: "08:15", typed: "New York", country: "United States" },
    timezone: "America/New_York",
    // Published positions for this birth: sun 10° Scorpio, moon in Cancer, ascendant 0.2° into Sagittarius.
    signs: ["Scorpio", "Cancer", "Sagittarius"],
    signNote: "Your ascendant is on the cusp with Scorpio",
    profile: {
      birthDate: "Birth date",
      birthTime: "Birth time",
      place: "Birth place",
      minutes: "Minutes a day for practice",
      challenges: "Current challenges",
      goals: "Spiritual goals",
      save: "Save profile",
      saved: "Your oracle profile has been saved.",
      signsTitle: "Your signs",
    },
    challengesText: "Long evenings of overtime and little sleep.",
    goalsText: "To meet hard talks with a quieter heart.",
    ask: {
      label: "What challenge are you facing?",
      submit: "Ask the oracle",
      short: "I feel stuck at work.",
      shortCounter: "21 / 3000 characters. 29 more characters needed.",
      tooShort: "Please describe your challenge in at least 50 characters.",
      challenge:
        "I keep arguing with my sister about our mother's old house by the sea, and I feel torn between anger and guilt every time we talk.",
    },
    progress: { label: "Consultation progress", first: "Opening the consultation...", percent: "5%" },
    reading: {
      message: "The oracle's message",
      exercise: /^Exercise: .+/,
      plan: "The 10-day plan",
      day: "Day",
    },
    journal: {
      notYet: (written: number) =>
        `The follow-up opens once you have written 3 entries (you have ${written}), or after day 10.`,
      earlier: ["Breathed for ten minutes before calling my sister.", "Wrote down what I wanted to say."],
      newToday: "Today's entry (day 3)",
      editToday: "Edit today's entry (day 3)",
      entry: "How did today's practice go?",
      did: "I did today's exercise",
      moodBefore: "Mood before",
      moodAfter: "Mood after",
      rating: "Practice rating",
      insights: "Insights",
      first: "Practised on the balcony; my chest felt tight at first.",
      edited: "Practised on the balcony; the tightness eased after the third breath.",
      insight: "Slowing down before answering changes the tone of the call.",
      save: "Save today's entry",
      saveChanges: "Save changes",
      saved: "Your entry for day 3 has been saved.",
      updated: "Your entry for day 3 has been updated.",
    },
    followUp: {
      ask: "Ask for the follow-up",
      title: "Your follow-up",
      sections: ["Your practice", "Your progress", "How you have changed", "The next phase"],
      closed: "The practice is closed: its follow-up has been written.",
    },
    history: { card: /^Consultation of /, followUpDone: "Follow-up done", entries: "3/10 entries" },
    share: {
      panel: "Share this reading",
      create: "Create a share link",
      link: "Share link",
      revoke: "Revoke link",
      revokeTitle: "Revoke the share link?",
      revoked: "Link revoked",
      sharedTitle: "A reading from the oracle",
    },
    notFound: "This page drifted away",
    limit: "Oracle access requires Premium upgrade",
    second: "My sister and I argued again tonight about the house and I could not sleep afterwards.",
  },
  es: {
    device: ["phone", PHONE],
    birth: { date: "1990-07-14", time: "14:30", typed: "Londres", country: "Reino Unido" },
    timezone: "Europe/London",
    // Published positions for this birth: sun 21° Cancer, moon in Aries, ascendant in Scorpio.
    signs: ["Cáncer", "Aries", "Escorpio"],
    signNote: null,
    profile: {
      birthDate: "Fecha de nacimiento",
      birthTime: "Hora de nacimiento",
      place: "Lugar de nacimiento",
      minutes: "Minutos al día para practicar",
      challenges: "Retos actuales",
      goals: "Metas espirituales",
      save: "Guardar perfil",
      saved: "Tu perfil del oráculo se ha guardado.",
      signsTitle: "Tus signos",
    },
    challengesText: "Muchas horas extra y poco sueño.",
    goalsText: "Afrontar las conversaciones difíciles con más calma.",
    ask: {
      label: "¿Qué reto estás afrontando?",
      submit: "Consultar al oráculo",
      short: "Tengo un problema en el trabajo.",
      shortCounter: "32 / 3000 caracteres. Faltan 18 caracteres.",
      tooShort: "Describe tu reto con al menos 50 caracteres.",
      challenge:
        "Discuto una y otra vez con mi hermana por la vieja casa de nuestra madre junto al mar, y siento rabia y culpa cada vez que hablamos.",
    },
    progress: { label: "Progreso de la consulta", first: "Abriendo la consulta...", percent: "5 %" },
    reading: {
      message: "El mensaje del oráculo",
      exercise: /^Ejercicio: .+/,
      plan: "El plan de 10 días",
      day: "Día",
    },
    journal: {
      notYet: (written: number) =>
        `El seguimiento se abre cuando hayas escrito 3 entradas (llevas ${written}) o después del día 10.`,
      earlier: ["Respiré diez minutos antes de llamar a mi hermana.", "Escribí lo que quería decirle."],
      newToday: "Entrada de hoy (día 3)",
      editToday: "Editar la entrada de hoy (día 3)",
      entry: "¿Cómo fue la práctica de hoy?",
      did: "Hice el ejercicio de hoy",
      moodBefore: "Ánimo antes",
      moodAfter: "Ánimo después",
      rating: "Valoración de la práctica",
      insights: "Descubrimientos",
      first: "Practiqué en el balcón; al principio sentía el pecho apretado.",
      edited: "Practiqué en el balcón; la opresión cedió a la tercera respiración.",
      insight: "Ir más despacio antes de responder cambia el tono de la llamada.",
      save: "Guardar la entrada de hoy",
      saveChanges: "Guardar cambios",
      saved: "Tu entrada del día 3 se ha guardado.",
      updated: "Tu entrada del día 3 se ha actualizado.",
    },
    followUp: {
      ask: "Pedir el seguimiento",
      title: "Tu seguimiento",
      sections: ["Tu práctica", "Tu progreso", "Cómo has cambiado", "La siguiente etapa"],
      closed: "La práctica está cerrada: ya se escribió su seguimiento.",
    },
    history: { card: /^Consulta del /, followUpDone: "Seguimiento hecho", entries: "3/10 entradas" },
    share: {
      panel: "Comparte esta lectura",
      create: "Crear un enlace para compartir",
      link: "Enlace para compartir",
      revoke: "Revocar enlace",
      revokeTitle: "¿Revocar el enlace para compartir?",
      revoked: "Enlace revocado",
      sharedTitle: "Una lectura del oráculo",
    },
    notFound: "Esta página se ha desvanecido",
    limit: "El acceso al oráculo requiere Premium",
    second: "Esta noche volví a discutir con mi hermana por la casa y después no pude dormir nada.",
  },
} as const;

const CONSULTATION_PATH = /^\/api\/oracle\/consultations\/[\w-]+$/;

/**
 * Holds the page's requests for one consultation until released: the progress the server reported when the
 * consultation was asked for stays on screen long enough to be checked and photographed (the steps themselves
 * run in well under a poll's interval).
 */
async function holdConsultationPolls(context: BrowserContext): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matches = (url: URL) => CONSULTATION_PATH.test(url.pathname);
  const hold = async (route: Route) => {
    await released;
    // The page may have given up on a held request meanwhile (a newer poll replaced it): nothing to send then.
    await route.continue().catch(() => undefined);
  };
  await context.route(matches, hold);
  return async () => {
    release();
    await context.unroute(matches, hold);
  };
}

/** axe on the page as it is now, each violation led by `where`. */
async function audit(page: Page, where: string, found: string[]): Promise<void> {
  await page.waitForLoadState("networkidle");
  for (const violation of await seriousViolations(page)) found.push(`${where} ${violation}`);
}

describe("the oracle", () => {
  for (const language of ["en", "es"] as const) {
    it(`profile, consultation with its progress, journal, follow-up, history, a shared link and its revocation (${language})`, async () => {
      const texts = JOURNEYS[language];
      const [deviceName, device] = texts.device;
      const shot = (name: string) => `${SCREENSHOT_DIR}/oracle-${name}-${deviceName}-${language}.png`;
      const found: string[] = [];
      const username = `oracle_seeker_${language}`;
      const { context, page } = await newPage(suite.browser, suite.server.origin, device);
      await signUpAndLogIn(page, suite.server, username, "questions for the moon 16");
      await page.evaluate((lng) => window.localStorage.setItem("language", lng), language);

      // 1. The profile: the place typed in the page's language and picked from the suggestions.
      await page.goto("/oracle-profile-setup");
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(language);
      await page.getByLabel(texts.profile.birthDate, { exact: true }).fill(texts.birth.date);
      await page.getByLabel(texts.profile.birthTime, { exact: true }).fill(texts.birth.time);
      const place = page.getByRole("combobox", { name: texts.profile.place });
      await place.fill(texts.birth.typed);
      await page
        .getByRole("option")
        .filter({ hasText: texts.birth.typed })
        .filter({ hasText: texts.birth.country })
        .first()
        .click();
      expect(await place.inputValue()).toContain(texts.birth.typed);
      await page.getByText(texts.timezone, { exact: false }).first().waitFor();
      await page.getByLabel(texts.profile.minutes).fill("20");
      await page.getByLabel(texts.profile.challenges).fill(texts.challengesText);
      await page.getByLabel(texts.profile.goals).fill(texts.goalsText);
      const savedProfile = page.waitForResponse(
        (response) => response.url().endsWith("/api/oracle/profile") && response.request().method() === "PUT",
      );
      await page.getByRole("button", { name: texts.profile.save }).click();
      expect((await savedProfile).status()).toBe(200);
      await page.getByText(texts.profile.saved).first().waitFor();
      const signsCard = page.getByRole("region", { name: texts.profile.signsTitle });
      await signsCard.waitFor();
      expect(await signsCard.locator("dd").allTextContents()).toEqual(texts.signs);
      if (texts.signNote) expect(await signsCard.getByText(texts.signNote).count()).toBe(1);
      await audit(page, "/oracle-profile-setup", found);
      await page.screenshot({ path: shot("profile"), fullPage: true });

      // 2. The challenge: too short is refused on the page with the counter's help, and nothing is sent.
      let asked = 0;
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith("/api/oracle/consultations")) asked++;
      });
      await page.goto("/oracle");
      const challenge = page.getByLabel(texts.ask.label);
      await challenge.fill(texts.ask.short);
      await page.getByText(texts.ask.shortCounter).waitFor();
      await page.getByRole("button", { name: texts.ask.submit, exact: true }).click();
      await page.getByText(texts.ask.tooShort).first().waitFor();
      expect(asked).toBe(0);

      // 3. The progress the server reports (bar, percent, step message), then the reading.
      await challenge.fill(texts.ask.challenge);
      const release = await holdConsultationPolls(context);
      const created = page.waitForResponse(
        (response) =>
          response.url().endsWith("/api/oracle/consultations") && response.request().method() === "POST",
      );
      await page.getByRole("button", { name: texts.ask.submit, exact: true }).click();
      expect((await created).status()).toBe(202);
      const progressbar = page.getByRole("progressbar", { name: texts.progress.label });
      await progressbar.waitFor();
      expect(await progressbar.getAttribute("aria-valuenow")).toBe("5");
      const status = page.getByRole("status").filter({ hasText: texts.progress.first });
      expect(await status.textContent()).toContain(texts.progress.percent);
      await page.screenshot({ path: shot("progress") });
      await release();
      const message = page.getByRole("region", { name: texts.reading.message });
      await message.waitFor();
      expect(await progressbar.count()).toBe(0);
      const consultationId = new URL(page.url()).searchParams.get("consultation") ?? "";
      expect(consultationId).toMatch(/^[\w-]{16,64}$/);
      expect(await page.getByRole("region", { name: texts.reading.exercise }).count()).toBe(1);
      const plan = page.getByRole("region", { name: texts.reading.plan });
      expect(await plan.getByRole("heading", { level: 3 }).allTextContents()).toEqual(
        Array.from({ length: 10 }, (_, index) => `${texts.reading.day} ${index + 1}`),
      );
      await page.screenshot({ path: shot("reading"), fullPage: true });

      // 4. The journal: the follow-up needs 3 entries on 3 days. The two earlier days are written in the
      // database (a journey cannot wait for days), then today's entry, day 3, through the page, and edited.
      await page.getByText(texts.journal.notYet(0)).waitFor();
      await seedEarlierPracticeDays(
        suite.server,
        username,
        consultationId,
        texts.journal.earlier.map((journalEntry) => ({ journalEntry })),
      );
      await page.reload();
      await page.getByText(texts.journal.notYet(2)).waitFor();
      await page.getByRole("heading", { name: texts.journal.newToday }).waitFor();
      await page.getByLabel(texts.journal.entry).fill(texts.journal.first);
      await page.getByRole("switch", { name: texts.journal.did }).click();
      await page.getByLabel(texts.journal.moodBefore, { exact: true }).selectOption("4");
      await page.getByLabel(texts.journal.moodAfter, { exact: true }).selectOption("7");
      await page.getByLabel(texts.journal.rating, { exact: true }).selectOption("4");
      await page.getByLabel(texts.journal.insights).fill(texts.journal.insight);
      await page.getByRole("button", { name: texts.journal.save }).click();
      await page.getByText(texts.journal.saved).first().waitFor();
      await page.getByRole("heading", { name: texts.journal.editToday }).waitFor();
      await page.getByLabel(texts.journal.entry).fill(texts.journal.edited);
      await page.getByRole("button", { name: texts.journal.saveChanges }).click();
      await page.getByText(texts.journal.updated).first().waitFor();
      await page.reload();
      await page.getByRole("heading", { name: texts.journal.editToday }).waitFor();
      expect(await page.getByLabel(texts.journal.entry).inputValue()).toBe(texts.journal.edited);
      expect(await page.getByLabel(texts.journal.insights).inputValue()).toBe(texts.journal.insight);
      await audit(page, "/oracle reading and journal", found);

      // 5. The follow-up, asked for on day 3 with 3 entries: its four sections; the journal closes.
      await page.getByRole("button", { name: texts.followUp.ask }).click();
      const followUp = page.getByRole("region", { name: texts.followUp.title });
      await followUp.waitFor();
      expect(await followUp.getByRole("heading", { level: 3 }).allTextContents()).toEqual(
        texts.followUp.sections,
      );
      await page.getByText(texts.followUp.closed).waitFor();
      await audit(page, "/oracle follow-up", found);
      await page.screenshot({ path: shot("follow-up"), fullPage: true });

      // 6. The history lists it and opens it.
      await page.goto("/oracle-history");
      const card = page
        .getByRole("article")
        .filter({ has: page.getByRole("link", { name: texts.history.card }) });
      await card.waitFor();
      expect(await card.getByText(texts.history.followUpDone).count()).toBe(1);
      expect(await card.getByText(texts.history.entries).count()).toBe(1);
      await audit(page, "/oracle-history", found);
      await page.screenshot({ path: shot("history"), fullPage: true });
      await card.getByRole("link", { name: texts.history.card }).click();
      await page.waitForURL((url) => url.searchParams.get("consultation") === consultationId);
      await message.waitFor();

      // 7. The share link, opened by someone without a session: the reading, and nothing of the person.
      const share = page.getByRole("region", { name: texts.share.panel });
      await share.getByRole("button", { name: texts.share.create }).click();
      const link = await share.getByLabel(texts.share.link).inputValue();
      expect(link).toMatch(new RegExp(`^${suite.server.origin}/share/oracle/[\\w-]{43}$`));
      const guest = await newPage(suite.browser, suite.server.origin, device);
      await guest.page.addInitScript((lng) => window.localStorage.setItem("language", lng), language);
      await guest.page.goto(link);
      await guest.page.getByRole("heading", { level: 1, name: texts.share.sharedTitle }).waitFor();
      await guest.page.getByRole("region", { name: texts.reading.message }).waitFor();
      expect(await guest.page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      const shown = await guest.page.evaluate(() => document.body.innerText);
      for (const personal of [
        username,
        texts.ask.challenge,
        texts.birth.typed,
        texts.birth.date,
        texts.birth.time,
        texts.challengesText,
        texts.goalsText,
        texts.journal.edited,
        ...texts.journal.earlier,
      ]) {
        expect(shown, "the shared page shows nothing of the person").not.toContain(personal);
      }
      await audit(guest.page, "/share/oracle", found);

      // 8. Revoked in the owner's page: the guest's next visit finds nothing.
      await share.getByRole("button", { name: texts.share.revoke }).click();
      const confirm = page.getByRole("alertdialog", { name: texts.share.revokeTitle });
      await confirm.getByRole("button", { name: texts.share.revoke }).click();
      await page.getByText(texts.share.revoked).first().waitFor();
      await share.getByRole("button", { name: texts.share.create }).waitFor();
      await guest.page.reload();
      await guest.page.getByRole("heading", { level: 1, name: texts.notFound }).waitFor();
      expect(await guest.page.getByText(texts.reading.message).count()).toBe(0);
      await guest.context.close();

      // 9. A free user's second consultation within 30 days: the Premium notice.
      await page.goto("/oracle-new");
      await page.getByLabel(texts.ask.label).fill(texts.second);
      const refused = page.waitForResponse(
        (response) =>
          response.url().endsWith("/api/oracle/consultations") && response.request().method() === "POST",
      );
      await page.getByRole("button", { name: texts.ask.submit, exact: true }).click();
      expect((await refused).status()).toBe(403);
      await page.getByRole("alert").filter({ hasText: texts.limit }).waitFor();

      expect(found).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
