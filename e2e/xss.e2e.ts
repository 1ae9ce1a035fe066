import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ANNOUNCEMENT_MESSAGE_MAX } from "../contract/announcement-constants";
import type { Dream } from "../contract/dreams";
import type { Consultation, PlaceSearchResponse } from "../contract/oracle";
import { ORACLE_CHALLENGE_MAX, ORACLE_TEXT_MAX } from "../contract/oracle-constants";
import { AFFILIATE_AUDIENCE_MAX } from "../contract/referral-constants";
import type { AdminSymbolBody } from "../contract/symbols";
import { users } from "../server/db/schema/index";
import { grantAdmin } from "../server/modules/accounts/grant-admin";
import { seedEarlierPracticeDays } from "./oracle-seed";
import { journeySuite, newPage, signUpAndLogIn } from "./support";
import { PAYLOADS, type Payload, proofMarkup, reportedId, templateExpressions } from "./xss-payloads";

const suite = journeySuite();

declare global {
  interface Window {
    __xss?: (...args: unknown[]) => unknown;
    __cspViolation?: (directive: string, blocked: string, sample: string) => unknown;
  }
}

// --- The detector --------------------------------------------------------------------------------------

interface Detector {
  /** Every call of `__xss(ID)`, from any frame of any page of the context. */
  executions: Array<{ id: number; url: string }>;
  /** Every alert, confirm and prompt (dismissed at once). */
  dialogs: Array<{ id: number; text: string }>;
  /** Every Content-Security-Policy refusal the pages reported (securitypolicyviolation events). */
  violations: string[];
}

/**
 * Counts every run of a payload in `context`: the `__xss` binding (installed in every frame, unaffected by
 * the page's CSP), dialogs, and CSP violations, which are what a payload the CSP stopped leaves behind.
 */
async function watch(context: BrowserContext, page: Page): Promise<Detector> {
  const detector: Detector = { executions: [], dialogs: [], violations: [] };
  await context.exposeBinding("__xss", (source, ...args: unknown[]) => {
    detector.executions.push({ id: reportedId(args[0]), url: source.page.url() });
  });
  await context.exposeBinding(
    "__cspViolation",
    (source, directive: unknown, blocked: unknown, sample: unknown) => {
      detector.violations.push(
        `${String(directive)} ${String(blocked)} "${String(sample)}" on ${source.page.url()}`,
      );
    },
  );
  await context.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (event) => void window.__cspViolation?.(event.violatedDirective, event.blockedURI, event.sample),
      true,
    );
  });
  page.on("dialog", (dialog) => {
    detector.dialogs.push({
      id: reportedId(dialog.message()),
      text: `${dialog.type()} "${dialog.message()}"`,
    });
    void dialog.dismiss().catch(() => undefined);
  });
  // Nothing leaves the machine: a stored picture address on another host fails at once.
  const origin = suite.server.origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return detector;
}

/** Elements and attributes React never writes from text: their presence means stored text became markup. */
async function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.getElementById("root");
    const urlAttributes = [
      "href",
      "xlink:href",
      "src",
      "action",
      "formaction",
      "data",
      "poster",
      "background",
    ];
    for (const element of document.body.querySelectorAll("*")) {
      const tag = element.tagName.toLowerCase();
      for (const attribute of Array.from(element.attributes)) {
        // As the URL parser reads it: without the spaces and control characters it ignores.
        const value = Array.from(attribute.value)
          .filter((character) => character.charCodeAt(0) > 0x20)
          .join("")
          .toLowerCase();
        if (/^on/i.test(attribute.name)) found.push(`<${tag} ${attribute.name}>`);
        else if (attribute.name === "srcdoc") found.push(`<${tag} srcdoc>`);
        else if (urlAttributes.includes(attribute.name) && value.startsWith("javascript:")) {
          found.push(`<${tag} ${attribute.name}=javascript:>`);
        }
      }
      if (["script", "iframe", "frame", "object", "embed", "base", "math"].includes(tag)) {
        const src = element.getAttribute("src");
        if (!(tag === "script" && src && new URL(src, location.href).origin === location.origin)) {
          found.push(`<${tag}>`);
        }
      }
      if ((tag === "style" || tag === "noscript") && root?.contains(element)) found.push(`<${tag}>`);
      if (element instanceof HTMLUnknownElement) found.push(`<${tag}>`);
    }
    return found;
  });
}

/** What the page shows as text: the visible text, form values, options and tooltips. */
async function renderedText(page: Page): Promise<string> {
  const raw = await page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      "input, textarea",
    )) {
      parts.push(field.value);
    }
    for (const option of document.querySelectorAll("option"))
      parts.push(option.value, option.textContent ?? "");
    for (const element of document.querySelectorAll("[title]"))
      parts.push(element.getAttribute("title") ?? "");
    return parts.join("\n");
  });
  return normalized(raw);
}

/** Compared without case (CSS may upper-case a badge), layout whitespace or invisible format characters. */
function normalized(text: string): string {
  return text
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

// --- What is stored ------------------------------------------------------------------------------------

const texts = (payloads: readonly Payload[]) => payloads.map((payload) => payload.text);
const letters = (n: number) => String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26));

/**
 * An administrator's symbol carries ten payloads: all of them in its descriptions and variations, and as
 * many as its two 80-character names hold (each edit recompiles the engine, so the symbols are few).
 */
interface Group {
  key: string;
  payloads: Payload[];
  name: string;
  nameEs: string;
  /** How many payloads the English and the Spanish name hold. */
  inNames: [number, number];
  triggerEn: string;
  triggerEs: string;
}

const NAME_MAX = 80;

/** Payloads joined by spaces, as many as fit in `max` characters (shortest first), and those left over. */
function fill(payloads: readonly Payload[], max: number): [string[], Payload[]] {
  const taken: string[] = [];
  const left: Payload[] = [];
  for (const payload of [...payloads].sort((a, b) => a.text.length - b.text.length)) {
    if ([...taken, payload.text].join(" ").length <= max) taken.push(payload.text);
    else left.push(payload);
  }
  return [taken, left];
}

/** Every payload, in as few fills of `max` characters as they take: one field's values over several saves. */
function packs(payloads: readonly Payload[], max: number): string[][] {
  const out: string[][] = [];
  for (let left = [...payloads]; left.length > 0; ) {
    const [taken, rest] = fill(left, max);
    if (taken.length === 0) throw new Error(`a payload is longer than ${max} characters`);
    out.push(taken);
    left = rest;
  }
  return out;
}

function adminGroups(): Group[] {
  return chunks(PAYLOADS, 10).map((payloads, index) => {
    const [name, left] = fill(payloads, NAME_MAX);
    const [nameEs] = fill(left, NAME_MAX);
    return {
      key: `xss_probe_${String(index).padStart(2, "0")}`,
      payloads,
      name: name.join(" "),
      nameEs: nameEs.join(" "),
      inNames: [name.length, nameEs.length],
      triggerEn: `zorv${letters(index)}`,
      triggerEs: `zarq${letters(index)}`,
    };
  });
}

/** A field's text, led by a marker naming the field, so a page is seen to show that very field. */
const marked = (field: string, group: Group) =>
  `⟦${field} ${group.key}⟧\n${texts(group.payloads).join("\n")}`;
const ADMIN_TEXT_FIELDS = [
  "description",
  "descriptionEs",
  "extendedDescription",
  "extendedDescriptionEs",
  "deeperInsight",
  "deeperInsightEs",
] as const;

/**
 * A payload's words as a variation ("img src x onerror xss 5"): the engine then finds the payload in a dream,
 * from its first word to its last, so the highlighted evidence is the attack string's own characters.
 */
function wordsOf(payload: Payload): string {
  // The engine reads words of letters; a term with a number in it would never match.
  return (payload.text.toLowerCase().match(/\p{L}+/gu) ?? []).join(" ").slice(0, NAME_MAX).trim();
}

/** How many highlighted passages hold markup characters (evidence cut from an attack string). */
async function marksOfCode(page: Page): Promise<number> {
  return page
    .locator("mark")
    .evaluateAll((marks) => marks.filter((mark) => /[<>"'=(]/.test(mark.textContent ?? "")).length);
}

function adminSymbolBody(group: Group): AdminSymbolBody {
  const body: AdminSymbolBody = {
    key: group.key,
    name: group.name,
    nameEs: group.nameEs,
    category: "object",
    description: "",
    descriptionEs: "",
    variations: [...new Set([group.triggerEn, ...texts(group.payloads), ...group.payloads.map(wordsOf)])],
    variationsEs: [...new Set([group.triggerEs, ...texts(group.payloads), ...group.payloads.map(wordsOf)])],
  };
  for (const field of ADMIN_TEXT_FIELDS) body[field] = marked(field, group);
  return body;
}

/** A translation laid out as the app lays its own out: a heading, paragraphs, a list with an indented line. */
function translationOf(values: readonly string[]): string {
  return [
    `${values[0]}\n${values.join("\n")}`,
    `- ${values.join("\n- ")}\n  ${values[0]}`,
    values.join(" "),
  ].join("\n\n");
}

const TAG_MAX = 40;
/** contract/oracle.ts: the birth place as typed. */
const BIRTH_LOCATION_MAX = 200;

// --- Talking to the API as the signed-in page --------------------------------------------------------------

async function call(
  page: Page,
  method: "GET" | "POST" | "PATCH" | "PUT",
  path: string,
  data?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { origin: suite.server.origin },
  });
  const text = await response.text();
  return { status: response.status(), body: text ? (JSON.parse(text) as unknown) : null };
}

async function store(page: Page, path: string, data: unknown, method: "POST" | "PATCH" | "PUT" = "POST") {
  const answer = await call(page, method, path, data);
  if (answer.status >= 300) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

async function translate(page: Page, content: string): Promise<void> {
  await page.getByLabel("Describe your dream").fill(content);
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/translate-dream"));
  await page.getByRole("button", { name: "Translate my dream" }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  await page.getByRole("heading", { name: "Your translation" }).waitFor();
  // The heading stays from an earlier translation: wait for this answer's own words to be on the page (the
  // first line of a meaning: the page lays out its line breaks as it likes).
  const { symbols } = (await response.json()) as { symbols: Array<{ description: string }> };
  const marker = symbols.find((symbol) => symbol.description)?.description.split("\n")[0];
  if (marker) await page.waitForFunction((text) => document.body.innerText.includes(text), marker);
}

/** The consultation once its steps have run (the reading is written off the request). */
async function settledConsultation(page: Page, id: string): Promise<Consultation> {
  let consultation: Consultation | undefined;
  await expect
    .poll(async () => {
      consultation = (await call(page, "GET", `/api/oracle/consultations/${id}`)).body as Consultation;
      return consultation.status;
    })
    .not.toBe("processing");
  expect(consultation?.status).toBe("complete");
  return consultation!;
}

/** Opens every <details> (a challenge, earlier journal entries): a closed one's text is not on the screen. */
async function openDetails(page: Page): Promise<void> {
  await page.locator("details").evaluateAll((all) => {
    for (const details of all) (details as HTMLDetailsElement).open = true;
  });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

describe("stored XSS", () => {
  it("every attack string runs when a careless page renders it, and the detector counts it", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.origin);
    const detector = await watch(context, page);
    // Pages of the app's origin without the app: each payload put where its careless app puts it, with no
    // escaping and no Content-Security-Policy.
    const lab = `${suite.server.origin}/__xss-lab/`;
    await context.route(`${lab}*`, (route) => {
      const payload = PAYLOADS.find((candidate) => route.request().url() === `${lab}${candidate.id}`);
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html><head></head><body>${payload ? proofMarkup(payload) : ""}</body></html>`,
      });
    });
    await context.route(`${suite.server.origin}/x`, (route) => route.fulfill({ status: 404, body: "" }));
    const ran = (id: number) =>
      detector.executions.some((run) => run.id === id) || detector.dialogs.some((dialog) => dialog.id === id);
    const until = async (id: number, ms: number) => {
      for (const end = Date.now() + ms; Date.now() < end && !ran(id); ) await page.waitForTimeout(20);
      return ran(id);
    };
    const dead: string[] = [];
    for (const payload of PAYLOADS) {
      await page.goto(`${lab}${payload.id}`);
      // A naive template engine evaluates the expressions it finds.
      await page.evaluate(
        (expressions) => {
          for (const expression of expressions) {
            try {
              Function(`return (${expression})`)();
            } catch {
              // Not an expression this engine can run.
            }
          }
        },
        templateExpressions(payload.proof === "template" ? payload.text : ""),
      );
      if (!(await until(payload.id, 400))) {
        // What a visitor does: focus and follow what the page shows.
        await page.evaluate(() => {
          for (const element of document.querySelectorAll<HTMLElement>(
            "a, button, input, select, textarea, [tabindex]",
          )) {
            element.focus();
            element.click();
          }
        });
        if (!(await until(payload.id, 1500))) dead.push(`${payload.id} (${payload.proof}) ${payload.text}`);
      }
    }
    expect(dead).toEqual([]);
    const live = new Set([...detector.executions, ...detector.dialogs].map((run) => run.id));
    console.info(
      `[trust] xss payloads: ${live.size} of ${PAYLOADS.length} run when a page renders them carelessly (no escaping, no CSP), each counted by the detector (${detector.executions.length} calls, ${detector.dialogs.length} dialogs)`,
    );
    await context.close();
  }, 180_000);

  it("stores the attack strings in every user-text field; no page runs one, for the owner or an administrator", async () => {
    const { server } = suite;
    const groups = adminGroups();
    const groupOf = (payload: Payload) => groups.find((group) => group.payloads.includes(payload))!;
    /** Each (payload, field) pair stored, by field. */
    const stored = new Map<string, number>();
    const count = (field: string, n = 1) => stored.set(field, (stored.get(field) ?? 0) + n);
    const pages = new Set<string>();
    let views = 0;

    const adminSide = await newPage(suite.browser, server.origin);
    const ownerSide = await newPage(suite.browser, server.origin);
    const admin = { ...adminSide, detector: await watch(adminSide.context, adminSide.page) };
    const owner = { ...ownerSide, detector: await watch(ownerSide.context, ownerSide.page) };

    /** The page has settled: nothing ran, nothing was refused, no markup came from text, and it shows `expected`. */
    async function check(who: typeof owner, label: string, expected: readonly string[]) {
      await who.page.waitForLoadState("networkidle");
      const text = await renderedText(who.page);
      const missing = expected.filter((value) => !text.includes(normalized(value)));
      expect(missing, `${label}: stored text not shown as text`).toEqual([]);
      expect(await injectedMarkup(who.page), `${label}: markup made from stored text`).toEqual([]);
      expect(who.detector.executions, `${label}: payloads run`).toEqual([]);
      expect(who.detector.dialogs, `${label}: dialogs opened`).toEqual([]);
      expect(who.detector.violations, `${label}: CSP violations`).toEqual([]);
      pages.add(label.split(" ")[0]!);
      views++;
    }

    // --- An administrator and a dreamer -------------------------------------------------------------------
    await signUpAndLogIn(admin.page, server, "xss_admin", "lexicon of night 21");
    await grantAdmin(server.db, "xss_admin");
    await signUpAndLogIn(owner.page, server, "xss_owner", "stored dreams only 22");
    // Premium (granted by an operator) shows the extended description and the deeper insight too.
    await server.db.update(users).set({ hasUnlimitedAccess: true }).where(eq(users.username, "xss_admin"));
    await server.db.update(users).set({ hasUnlimitedAccess: true }).where(eq(users.username, "xss_owner"));

    // --- The administrator's symbols: shown to every dreamer whose dream names them --------------------
    for (const group of groups) {
      await store(admin.page, "/api/admin/symbols", adminSymbolBody(group));
    }
    for (const field of [...ADMIN_TEXT_FIELDS, "variations", "variationsEs"]) {
      count(`admin symbol ${field}`, PAYLOADS.length);
    }
    for (const group of groups) {
      count("admin symbol name", group.inNames[0]);
      count("admin symbol nameEs", group.inNames[1]);
    }

    // --- The dreamer's dreams, personal symbols, missing-symbol reports and profile ------------------------
    const dreamIds = new Map<number, number>();
    for (const payload of PAYLOADS) {
      const forged = {
        key: "forged",
        name: payload.text,
        category: "x",
        description: payload.text,
        evidence: [],
      };
      const answer = (await store(owner.page, "/api/dreams", {
        title: payload.text,
        content: `I dreamt of a ${groupOf(payload).triggerEn} and then: ${payload.text}`,
        translation: translationOf([payload.text]),
        category: "nightmare",
        tags: payload.text.length <= TAG_MAX ? [payload.text] : [],
        recognizedSymbols: [forged],
      })) as { dream: Dream };
      // The symbols are the server's own reading: a client cannot slip its text in as a symbol.
      expect(answer.dream.recognizedSymbols.map((symbol) => symbol.key)).toContain(groupOf(payload).key);
      expect(answer.dream.recognizedSymbols.map((symbol) => symbol.key)).not.toContain("forged");
      dreamIds.set(payload.id, answer.dream.id);
      if (payload.text.length <= TAG_MAX) count("dream tags");
    }
    const all = texts(PAYLOADS);
    const omnibus = (await store(owner.page, "/api/dreams", {
      title: "Every payload in one dream",
      content: `${all.join("\n")}\n${groups.map((group) => group.triggerEn).join(" ")}`,
      translation: translationOf(all),
      tags: all.filter((text) => text.length <= TAG_MAX).slice(0, 20),
    })) as { dream: Dream };
    count("dream title", PAYLOADS.length);
    count("dream content", PAYLOADS.length);
    count("dream translation", PAYLOADS.length);

    for (const payload of PAYLOADS) {
      await store(owner.page, "/api/personal-symbols", {
        name: payload.text,
        description: `Meaning: ${payload.text}`,
        category: payload.text.length <= TAG_MAX ? payload.text : "dreams",
        emotionalImpact: `Feeling: ${payload.text}`,
        personalContext: `Context: ${payload.text}\n${payload.text}`,
      });
      if (payload.text.length <= TAG_MAX) count("personal symbol category");
      await store(owner.page, "/api/missing-symbols", { symbol: payload.text });
    }
    for (const field of ["name", "description", "emotionalImpact", "personalContext"]) {
      count(`personal symbol ${field}`, PAYLOADS.length);
    }
    count("missing-symbol report", PAYLOADS.length);

    // The profile's picture must be https: the scripts of other schemes are refused, a breaker is stored.
    const picture = `https://example.invalid/dream.png?"><img src=x onerror=__xss(62)>'><svg onload=__xss(72)>`;
    for (const pictureUrl of ["javascript:__xss(83)", "data:image/svg+xml,<svg onload=__xss(10)>"]) {
      expect((await call(owner.page, "PATCH", "/api/user", { pictureUrl })).status).toBe(422);
    }
    expect(
      (await call(owner.page, "PATCH", "/api/user", { username: "<svg onload=__xss(10)>" })).status,
    ).toBe(422);
    expect(
      (await call(owner.page, "PATCH", "/api/user", { email: '"<img src=x onerror=__xss(5)>"@example.com' }))
        .status,
    ).toBe(422);
    await store(owner.page, "/api/user", { pictureUrl: picture }, "PATCH");
    count("profile picture address");

    // --- The owner's pages ------------------------------------------------------------------------------
    const { page } = owner;
    // Translations name the administrator's symbols: the symbol list shows each one's name and description (the
    // reading's prose treats only the central images, so their longer texts need not all be on the page).
    await page.goto("/dream-input");
    const batches = chunks(groups, 5);
    for (const batch of batches) {
      await translate(page, `I dreamt of a ${batch.map((group) => group.triggerEn).join(", a ")}.`);
      await check(
        owner,
        "/dream-input translation",
        batch.flatMap((group) => [group.name, `⟦description ${group.key}⟧`]),
      );
    }
    // The dream itself, every payload in it, with the administrator's symbols highlighted.
    await translate(page, `${all.join(" ")} ${groups.map((group) => group.triggerEn).join(" ")}`);
    await page.locator("mark").first().waitFor();
    // The administrator's word-form variations find the attack strings: the marks are cut from them.
    const codeMarks = { dreamInput: await marksOfCode(page), dialog: 0, debug: 0 };
    expect(codeMarks.dreamInput).toBeGreaterThan(0);
    await page.getByLabel("Tags").fill(
      texts(PAYLOADS.filter((payload) => !payload.text.includes(",")))
        .slice(0, 3)
        .join(", "),
    );
    await page.getByRole("button", { name: "Save to journal" }).click();
    await page.getByRole("link", { name: "See it in your journal" }).waitFor();
    const reported = PAYLOADS[61]!.text;
    await page.getByLabel("Word or symbol").fill(reported);
    await page.getByRole("button", { name: "Report symbol" }).click();
    await page.getByText("Thank you").first().waitFor();
    await check(owner, "/dream-input dream", [...all, ...groups.map((group) => group.name), `“${reported}”`]);

    await page.goto("/interpretation");
    await page.getByRole("heading", { name: "Your translation" }).waitFor();
    await check(owner, "/interpretation", [...all, ...groups.map((group) => group.name)]);
    // The short version names the images in the dreamer's and the administrator's words: shown as text too.
    const short = page.getByRole("radio", { name: "Short version" });
    await short.click();
    await expect.poll(() => short.getAttribute("aria-checked")).toBe("true");
    await check(owner, "/interpretation short version", []);
    await page.getByRole("radio", { name: "Full reading" }).click();

    // The journal: every dream (all pages of the list), its tags, its symbols; then the calendar.
    await page.goto("/journal");
    const cards = page.locator("article");
    const total = PAYLOADS.length + 2;
    await cards.nth(19).waitFor();
    while ((await cards.count()) < total) {
      const shown = await cards.count();
      await page.getByRole("button", { name: "Load more" }).click();
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
    }
    await check(owner, "/journal list", [
      ...all,
      ...all.filter((text) => text.length <= TAG_MAX).map((text) => `#${text}`),
      ...groups.map((group) => group.name),
    ]);
    const search = page.getByRole("searchbox", { name: "Search your dreams" });
    for (const payload of [PAYLOADS[4]!, PAYLOADS[60]!, PAYLOADS[94]!]) {
      await search.fill(payload.text);
      await page.getByRole("link", { name: payload.text }).first().waitFor();
      await check(owner, "/journal search", [payload.text]);
    }
    await search.fill("");
    await page.getByLabel("Tag", { exact: true }).fill(PAYLOADS[4]!.text);
    await expect.poll(() => cards.count()).toBe(2);
    await check(owner, "/journal tag filter", [`#${PAYLOADS[4]!.text}`]);
    await page.getByLabel("Tag", { exact: true }).fill("");
    await page.getByRole("button", { name: "Calendar" }).click();
    await page.getByRole("button", { name: /: \d+ dreams$/ }).click();
    await cards.nth(total - 1).waitFor();
    await check(owner, "/journal calendar", all);

    // One dream at a time, /journal?dream=ID: the dialog, and its edit form.
    const opened = [
      omnibus.dream.id,
      ...[1, 14, 25, 36, 57, 62, 73, 79, 83, 91, 95].map((id) => dreamIds.get(id)!),
    ];
    for (const id of opened) {
      await page.goto(`/journal?dream=${id}`);
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Edit" }).waitFor();
      const payload = PAYLOADS.find((candidate) => dreamIds.get(candidate.id) === id);
      await check(owner, "/journal?dream= dialog", payload ? [payload.text, groupOf(payload).name] : all);
      if (!payload) {
        codeMarks.dialog = await marksOfCode(page);
        expect(codeMarks.dialog).toBeGreaterThan(0);
      }
      await dialog.getByRole("button", { name: "Edit" }).click();
      await dialog.getByLabel("Title").waitFor();
      await check(owner, "/journal?dream= edit", payload ? [payload.text] : all);
    }

    await page.goto("/personal-symbols");
    await page.getByRole("heading", { name: PAYLOADS[0]!.text }).waitFor();
    await check(
      owner,
      "/personal-symbols",
      PAYLOADS.flatMap((payload) => [
        payload.text,
        `Meaning: ${payload.text}`,
        `Feeling: ${payload.text}`,
        `Context: ${payload.text}`,
      ]),
    );
    await page.getByRole("button", { name: "Edit" }).first().click();
    await page.getByRole("dialog", { name: "Edit personal symbol" }).waitFor();
    await check(owner, "/personal-symbols edit", []);

    await page.goto("/account");
    await page.getByLabel("Profile picture URL").waitFor();
    await check(owner, "/account", [picture]);

    // --- The oracle: profile, consultations, practice journal, follow-up, history and the shared reading ----
    // The profile: the typed birth place (kept as typed beside the picked place) and the two free texts, one
    // save and one visit per fill of the shortest field.
    const { places } = (await call(page, "GET", "/api/oracle/places?q=London")).body as PlaceSearchResponse;
    const profileFields = {
      birthLocation: packs(PAYLOADS, BIRTH_LOCATION_MAX),
      currentChallenges: packs(PAYLOADS, ORACLE_TEXT_MAX),
      spiritualGoals: packs(PAYLOADS, ORACLE_TEXT_MAX),
    };
    const profileSaves = Math.max(...Object.values(profileFields).map((fills) => fills.length));
    for (let save = 0; save < profileSaves; save++) {
      const fillOf = (fills: string[][]) => fills[save % fills.length]!;
      const birthLocation = fillOf(profileFields.birthLocation).join(" ");
      const currentChallenges = fillOf(profileFields.currentChallenges);
      const spiritualGoals = fillOf(profileFields.spiritualGoals);
      await store(
        page,
        "/api/oracle/profile",
        {
          birthDate: "1990-07-14",
          birthTime: "14:30",
          birthLocation,
          birthPlaceId: places[0]!.id,
          currentChallenges: currentChallenges.join("\n"),
          spiritualGoals: spiritualGoals.join("\n"),
        },
        "PUT",
      );
      await page.goto("/oracle-profile-setup");
      await page.getByRole("region", { name: "Your signs" }).waitFor();
      await check(owner, "/oracle-profile-setup", [birthLocation, ...currentChallenges, ...spiritualGoals]);
    }
    for (const field of Object.keys(profileFields)) count(`oracle profile ${field}`, PAYLOADS.length);
    // Typed into the birth place field: the suggestions' status repeats what was typed.
    const placeField = page.getByRole("combobox", { name: "Birth place" });
    for (const payload of [PAYLOADS[4]!, PAYLOADS[60]!, PAYLOADS[94]!]) {
      await placeField.fill(payload.text);
      await page.getByRole("status").filter({ hasText: "No place found for" }).waitFor();
      await check(owner, "/oracle-profile-setup place search", [payload.text]);
      count("oracle birth place typed");
    }

    // Consultations whose challenges carry every payload and name the administrator's symbols, so the
    // reading shows those symbols' names too.
    const triggers = `I dreamt of a ${groups.map((group) => group.triggerEn).join(", a ")}.`;
    const challengeFills = packs(PAYLOADS, ORACLE_CHALLENGE_MAX - triggers.length - 1);
    const consultations: Consultation[] = [];
    for (const fill of challengeFills) {
      const asked = (await store(page, "/api/oracle/consultations", {
        challenge: `${triggers}\n${fill.join("\n")}`,
      })) as Consultation;
      consultations.push(await settledConsultation(page, asked.id));
    }
    count("oracle challenge", PAYLOADS.length);
    const readingNames = consultations.flatMap((consultation) =>
      consultation.reading!.symbols.map((symbol) => symbol.name),
    );
    expect(readingNames.filter((name) => groups.some((group) => group.name === name))).not.toEqual([]);

    // The practice journal: two earlier days written in the database (the API writes today's entry only),
    // then today's entry of each consultation through the API; the first one's follow-up reads them all.
    const journalFills = packs(PAYLOADS, ORACLE_TEXT_MAX);
    const [practised, second] = consultations as [Consultation, Consultation];
    const entryOf = (fill: string[]) => ({
      journalEntry: all.join("\n"),
      insights: fill.join("\n"),
      challenges: fill.join("\n"),
      nextSteps: fill.join("\n"),
    });
    await seedEarlierPracticeDays(server, "xss_owner", practised.id, journalFills.map(entryOf));
    for (const [index, consultation] of consultations.entries()) {
      const fill = journalFills[index % journalFills.length]!;
      await store(page, `/api/oracle/consultations/${consultation.id}/journal`, {
        ...entryOf(fill),
        exerciseImplemented: true,
        moodBefore: 4,
        moodAfter: 6,
        practiceRating: 4,
      });
      for (const field of ["insights", "challenges", "nextSteps"])
        count(`oracle journal ${field}`, fill.length);
    }
    count("oracle journal entry", PAYLOADS.length);

    /** A consultation's page once its journal is in: the challenge, the reading, the entries (all opened). */
    const consultationPage = async (consultation: Consultation, label: string) => {
      await page.goto(`/oracle?consultation=${consultation.id}`);
      await page.getByRole("heading", { name: "Your 10 days" }).waitFor();
      await openDetails(page);
      await check(owner, label, [...all, ...consultation.reading!.symbols.map((symbol) => symbol.name)]);
    };
    await consultationPage(practised, "/oracle consultation and journal");
    await consultationPage(second, "/oracle consultation and journal");
    await store(page, `/api/oracle/consultations/${practised.id}/follow-up`, undefined);
    await consultationPage(practised, "/oracle follow-up");
    expect(await page.getByRole("region", { name: "Your follow-up" }).count()).toBe(1);

    await page.goto("/oracle-history");
    await page
      .getByRole("article")
      .nth(consultations.length - 1)
      .waitFor();
    await check(owner, "/oracle-history", all);

    // The shared reading, opened by someone without a session.
    const shared = (await store(page, `/api/oracle/consultations/${practised.id}/share`, undefined)) as {
      sharePath: string;
    };
    const guestSide = await newPage(suite.browser, server.origin);
    const guest = { ...guestSide, detector: await watch(guestSide.context, guestSide.page) };
    await guest.page.goto(shared.sharePath);
    await guest.page.getByRole("region", { name: "The oracle's message" }).waitFor();
    await check(
      guest,
      "/share/oracle",
      practised.reading!.symbols.map((symbol) => symbol.name),
    );
    await guest.context.close();

    // --- Affiliate applications: the applicant's website and audience, the reviewer's notes ------------------
    // Each application holds as many payloads as its 1,000-character audience takes; the reviewer rejects it
    // with the same payloads as notes, which the applicant reads on /referrals, and the owner applies again.
    const applications: string[][] = [[]];
    for (const payload of texts(PAYLOADS)) {
      const current = applications.at(-1)!;
      if ([...current, payload].join("\n").length > AFFILIATE_AUDIENCE_MAX - 20) applications.push([payload]);
      else current.push(payload);
    }
    for (const slice of applications) {
      const application = (await store(page, "/api/affiliates/apply", {
        website: picture,
        audience: `My readers:\n${slice.join("\n")}`,
        channels: ["blog", "other"],
        payoutEmail: "payouts@example.com",
        acceptTerms: true,
      })) as { id: number };
      await store(admin.page, `/api/admin/affiliates/applications/${application.id}/reject`, {
        notes: slice.join("\n"),
      });
    }
    count("affiliate application audience", PAYLOADS.length);
    count("affiliate review notes", PAYLOADS.length);
    count("affiliate application website");
    await page.goto("/referrals");
    await page.getByText(applications.at(-1)![0]!, { exact: false }).first().waitFor();
    await check(owner, "/referrals review notes", applications.at(-1)!);
    await admin.page.goto("/admin/affiliates");
    await admin.page.getByRole("tab", { name: "Rejected" }).click();
    await admin.page.getByText(applications[0]![0]!, { exact: false }).first().waitFor();
    await check(admin, "/admin/affiliates applications", [...all, picture]);

    // --- Announcements: an administrator's texts in every signed-in member's stack -------------------------
    // Messages hold as many payloads as 1,000 characters take, titles one each; the action goes to a path of
    // the app carrying a breaker. The stack shows three at a time: each three are checked, then marked read.
    const notices: string[][] = [[]];
    for (const payload of texts(PAYLOADS)) {
      const current = notices.at(-1)!;
      if ([...current, payload].join("\n").length > ANNOUNCEMENT_MESSAGE_MAX) notices.push([payload]);
      else current.push(payload);
    }
    const actionUrl = `/journal?"><svg onload=__xss(72)>`;
    for (const slice of notices) {
      await store(admin.page, "/api/admin/announcements", {
        title: slice[0]!,
        message: slice.join("\n"),
        titleEs: slice.at(-1)!,
        type: "warning",
        priority: "high",
        actionText: "Read more",
        actionUrl,
      });
    }
    count("announcement title", notices.length * 2);
    count("announcement message", PAYLOADS.length);
    count("announcement action address", notices.length);
    await page.goto("/journal");
    for (;;) {
      const { announcements } = (await call(page, "GET", "/api/announcements/active")).body as {
        announcements: Array<{ id: number; title: string; message: string }>;
      };
      if (announcements.length === 0) break;
      const shown = announcements.slice(0, 3);
      await page.reload();
      await page.getByRole("button", { name: `Mark as read: ${shown[0]!.title}` }).waitFor();
      await check(
        owner,
        "stack announcements",
        shown.flatMap((notice) => [notice.title, notice.message]),
      );
      for (const notice of shown) await store(page, `/api/announcements/${notice.id}/read`, undefined);
    }
    await admin.page.goto("/admin");
    await admin.page.getByRole("cell", { name: notices[0]![0]! }).first().waitFor();
    await check(
      admin,
      "/admin announcements",
      notices.map((slice) => slice[0]!),
    );
    const { announcements: adminStack } = (await call(admin.page, "GET", "/api/announcements/active"))
      .body as { announcements: Array<{ id: number }> };
    for (const notice of adminStack)
      await store(admin.page, `/api/announcements/${notice.id}/read`, undefined);

    // --- The administrator's pages ------------------------------------------------------------------------
    const adminPage = admin.page;
    await adminPage.goto("/admin/symbol-management");
    const byKey = [...groups].sort((a, b) => a.key.localeCompare(b.key));
    for (const [index, slice] of chunks(byKey, 25).entries()) {
      if (index > 0) await adminPage.getByRole("button", { name: "Next" }).click();
      await adminPage.getByText(slice[0]!.key, { exact: true }).waitFor();
      await check(admin, "/admin/symbol-management lexicon", [
        ...slice.flatMap((group) => [group.name, group.nameEs]),
        ...(index === 0 ? all : []),
      ]);
    }
    await adminPage.goto("/admin/symbol-management");
    await adminPage.getByText(byKey[0]!.key, { exact: true }).waitFor();
    await adminPage.getByRole("button", { name: "Edit" }).first().click();
    await adminPage.getByRole("dialog").getByLabel("Category").waitFor();
    await check(admin, "/admin/symbol-management edit", [
      byKey[0]!.name,
      ...ADMIN_TEXT_FIELDS.map((field) => `⟦${field} ${byKey[0]!.key}⟧`),
      ...texts(byKey[0]!.payloads),
    ]);
    await adminPage.keyboard.press("Escape");
    await adminPage.getByRole("button", { name: "Add to a symbol" }).first().click();
    const pick = adminPage.getByRole("dialog", { name: "Add to a symbol" });
    await pick.getByRole("searchbox", { name: "Find the symbol" }).fill("xss_probe");
    await pick.getByRole("radio").nth(9).waitFor();
    await check(admin, "/admin/symbol-management missing", [
      ...all,
      ...byKey.slice(0, 10).map((group) => group.name),
    ]);
    await adminPage.keyboard.press("Escape");

    await adminPage.goto("/debug-symbols");
    const debugText = `${all.join(" ")} ${groups.map((group) => group.triggerEn).join(" ")}`;
    await adminPage.getByLabel("Text", { exact: true }).fill(debugText);
    await adminPage.getByRole("button", { name: "Analyse" }).click();
    await adminPage.getByRole("table", { name: "Trace" }).waitFor();
    await check(admin, "/debug-symbols", [...all, ...groups.map((group) => group.name)]);
    codeMarks.debug = await marksOfCode(adminPage);
    expect(codeMarks.debug).toBeGreaterThan(0);

    // The administrator reads a Spanish dream: the Spanish names and descriptions of the symbols.
    await adminPage.goto("/dream-input");
    for (const batch of batches) {
      await translate(
        adminPage,
        `Soñé que yo estaba con un ${batch.map((group) => group.triggerEs).join(", un ")} y no sabía qué hacer.`,
      );
      await check(
        admin,
        "/dream-input translation (Spanish)",
        batch.flatMap((group) => [group.nameEs, `⟦descriptionEs ${group.key}⟧`]),
      );
    }

    const values = [...stored.values()].reduce((sum, n) => sum + n, 0);
    console.info(
      `[trust] stored xss: ${PAYLOADS.length} payloads x ${stored.size} fields (${values} stored values), viewed on ${pages.size} pages (${views} views) as owner and admin (and a guest on the shared reading), ${owner.detector.executions.length + admin.detector.executions.length} executions`,
    );
    console.info(
      `[trust] stored xss highlighting: ${codeMarks.dreamInput} marked passages cut from attack strings on /dream-input, ${codeMarks.dialog} in the journal dialog, ${codeMarks.debug} on /debug-symbols, all shown as text`,
    );
    console.info(
      `[trust] stored xss fields (payloads held): ${[...stored].map(([field, n]) => `${field} ${n}`).join(", ")}`,
    );

    // --- The detector is live on these very pages ----------------------------------------------------------
    // A rendering bug, simulated: the page puts stored text into the DOM as HTML. The CSP refuses the handlers,
    // the refusals are reported, the markup is seen, and still nothing runs.
    await page.goto("/journal");
    await cards.first().waitFor();
    await page.evaluate(
      (html) => {
        const host = document.createElement("div");
        host.innerHTML = html;
        document.querySelector("main")?.append(host);
      },
      texts(PAYLOADS.filter((payload) => payload.proof === "html")).join(""),
    );
    await expect.poll(() => owner.detector.violations.length).toBeGreaterThan(0);
    expect((await injectedMarkup(page)).length).toBeGreaterThan(0);
    expect(owner.detector.executions).toEqual([]);
    expect(owner.detector.dialogs).toEqual([]);
    console.info(
      `[trust] csp: markup a simulated rendering bug put into /journal was refused (${owner.detector.violations.length} violations reported, ${(await injectedMarkup(page)).length} injected elements seen), 0 executions`,
    );
    // And a script that does run on the page is counted.
    await page.evaluate(() => window.__xss?.(0));
    await expect.poll(() => owner.detector.executions.length).toBe(1);
    console.info("[trust] detector: a direct __xss(0) call on /journal was counted (1 execution)");

    await admin.context.close();
    await owner.context.close();
  }, 600_000);
});
