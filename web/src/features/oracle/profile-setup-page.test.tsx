import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import type { OracleProfile, UpdateOracleProfileBody } from "../../../../contract/oracle";
import { describedText, isolateEachTest } from "../../test-helpers";
import { renderPage } from "../auth/test-utils";
import ProfileSetupPage from "./ProfileSetupPage";
import { member, place, profile } from "./test-fixtures";

isolateEachTest();
afterEach(() => act(() => i18next.changeLanguage("en")));

const london = place({
  id: 2643743,
  name: "London",
  countryCode: "GB",
  region: "England",
  timezone: "Europe/London",
});
const londonOntario = place({
  id: 6058560,
  name: "London",
  countryCode: "CA",
  region: "ON",
  timezone: "America/Toronto",
});

/** The profile the server computes from a PUT: the signs of the test's choosing. */
const saved = (body: UpdateOracleProfileBody, signs: Partial<OracleProfile>): OracleProfile =>
  profile({
    complete: true,
    birthDate: body.birthDate,
    birthTime: body.birthTime ?? null,
    birthLocation: body.birthLocation,
    birthPlace: body.birthPlaceId === londonOntario.id ? londonOntario : london,
    dailyPracticeMinutes: body.dailyPracticeMinutes ?? 15,
    ...signs,
  });

function profileServer(signs: Partial<OracleProfile> = {}, refuse?: { status: number; body: unknown }) {
  return member((call) => {
    if (call.method === "GET" && call.url === "/api/oracle/profile") return { status: 200, body: profile() };
    if (call.method === "GET" && call.url.startsWith("/api/oracle/places?")) {
      const query = new URLSearchParams(call.url.split("?")[1]);
      const found = query.get("q")?.toLowerCase().startsWith("lond") ? [london, londonOntario] : [];
      return { status: 200, body: { places: found } };
    }
    if (call.method === "PUT" && call.url === "/api/oracle/profile") {
      return refuse ?? { status: 200, body: saved(call.body as UpdateOracleProfileBody, signs) };
    }
    return undefined;
  });
}

const puts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === "PUT").map((call) => call.body as UpdateOracleProfileBody);

async function fillBirth(user: ReturnType<typeof userEvent.setup>, { time }: { time: string | null }) {
  await user.type(await screen.findByLabelText("Birth date"), "1990-05-14");
  if (time === null) await user.click(screen.getByRole("switch", { name: "I don't know my birth time" }));
  else await user.type(screen.getByLabelText("Birth time"), time);
}

describe("ProfileSetupPage (/oracle-profile-setup)", () => {
  it("picks the birth place from the suggestions with the keyboard, telling namesakes apart by country", async () => {
    const calls = profileServer({ sunSign: "taurus", moonSign: "cancer", ascendantSign: "leo" });
    const user = userEvent.setup();
    renderPage(<ProfileSetupPage />, { path: "/oracle-profile-setup" });
    await fillBirth(user, { time: "08:30" });

    const combobox = screen.getByRole("combobox", { name: "Birth place" });
    await user.type(combobox, "Lond");
    const listbox = await screen.findByRole("listbox", { name: "Suggested places" });
    const options = within(listbox).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "LondonEngland, United Kingdom",
      "LondonON, Canada",
    ]);
    expect(combobox.getAttribute("aria-expanded")).toBe("true");
    // The query asked for suggestions in the interface's language.
    expect(calls.some((call) => call.url.includes("lang=en") && call.url.includes("q=Lond"))).toBe(true);

    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(combobox.getAttribute("aria-activedescendant")).toBe(options[1]!.id);
    expect(options[1]!.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect((combobox as HTMLInputElement).value).toBe("London, ON, Canada");
    expect(describedText(combobox)).toContain("Chosen: London, ON, Canada (America/Toronto)");

    await user.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({
      birthDate: "1990-05-14",
      birthTime: "08:30",
      birthLocation: "London, ON, Canada",
      birthPlaceId: londonOntario.id,
      dailyPracticeMinutes: 15,
    });
  });

  it("typing again after a pick drops the picked place: the server resolves the text", async () => {
    const calls = profileServer();
    const user = userEvent.setup();
    renderPage(<ProfileSetupPage />, { path: "/oracle-profile-setup" });
    await fillBirth(user, { time: "08:30" });
    const combobox = screen.getByRole("combobox", { name: "Birth place" });
    await user.type(combobox, "Lond");
    await user.click(await screen.findByRole("option", { name: /England/ }));
    await user.type(combobox, "res");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.birthLocation).toBe("London, England, United Kingdomres");
    expect(puts(calls)[0]).not.toHaveProperty("birthPlaceId");
  });

  it("after saving, shows the signs translated, with the cusp, the uncertain moon and no ascendant (es)", async () => {
    await act(() => i18next.changeLanguage("es"));
    const calls = profileServer({
      sunSign: "taurus",
      moonSign: "cancer",
      ascendantSign: null,
      natal: {
        sunLongitude: 53.6,
        moonLongitude: 119.5,
        ascendantLongitude: null,
        birthInstant: "1990-05-14T11:00:00.000Z",
        utcOffsetMinutes: 60,
        localMeanTime: false,
        moonUncertain: true,
        moonSignsThatDay: ["cancer", "leo"],
        cusps: [{ body: "moon", neighbour: "leo", degrees: 0.5 }],
      },
    });
    const user = userEvent.setup();
    renderPage(<ProfileSetupPage />, { path: "/oracle-profile-setup" });
    await user.type(await screen.findByLabelText("Fecha de nacimiento"), "1990-05-14");
    await user.click(screen.getByRole("switch", { name: "No sé mi hora de nacimiento" }));
    expect(screen.queryByLabelText("Hora de nacimiento")).toBeNull();
    await user.type(screen.getByRole("combobox", { name: "Lugar de nacimiento" }), "Lond");
    // The country is named in the interface's language.
    await user.click(await screen.findByRole("option", { name: /Reino Unido/ }));
    await user.click(screen.getByRole("button", { name: "Guardar perfil" }));

    const card = within(await screen.findByRole("region", { name: "Tus signos" }));
    expect(puts(calls)[0]).toMatchObject({ birthTime: null, birthPlaceId: london.id });
    expect(card.getByText("Tauro")).toBeTruthy();
    expect(card.getByText("Cáncer o Leo")).toBeTruthy();
    expect(card.getByText("Tu luna está en la cúspide con Leo (a 0,5° del límite).")).toBeTruthy();
    expect(
      card.getByText("Sin hora de nacimiento, tu signo lunar queda en duda: Cáncer o Leo."),
    ).toBeTruthy();
    expect(card.getByText("Sin hora de nacimiento no hay ascendente.")).toBeTruthy();
    expect(screen.getByText("Tu perfil del oráculo se ha guardado.")).toBeTruthy();
    // The card's heading takes the focus, so the result is what is read next.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Tus signos"));
  });

  it("says when local mean time was used", async () => {
    profileServer({
      sunSign: "aries",
      moonSign: "pisces",
      ascendantSign: "virgo",
      natal: {
        sunLongitude: 10,
        moonLongitude: 340,
        ascendantLongitude: 160,
        birthInstant: "1850-03-31T06:00:00.000Z",
        utcOffsetMinutes: -296,
        localMeanTime: true,
        moonUncertain: false,
        moonSignsThatDay: ["pisces"],
        cusps: [],
      },
    });
    const user = userEvent.setup();
    renderPage(<ProfileSetupPage />, { path: "/oracle-profile-setup" });
    await fillBirth(user, { time: "06:00" });
    await user.type(screen.getByRole("combobox", { name: "Birth place" }), "London");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    const card = within(await screen.findByRole("region", { name: "Your signs" }));
    expect(card.getByText("Aries")).toBeTruthy();
    expect(card.getByText("Virgo")).toBeTruthy();
    expect(card.getByText(/local mean time from its longitude was used/)).toBeTruthy();
    expect(card.queryByText(/no ascendant/)).toBeNull();
  });

  it("puts the server's unknown-place error under the birth place field", async () => {
    const message = "We could not find that birth place. Pick one of the suggestions.";
    profileServer(
      {},
      {
        status: 422,
        body: { success: false, code: "VALIDATION", message, errors: [{ path: "birthLocation", message }] },
      },
    );
    const user = userEvent.setup();
    renderPage(<ProfileSetupPage />, { path: "/oracle-profile-setup" });
    await fillBirth(user, { time: "08:30" });
    const combobox = screen.getByRole("combobox", { name: "Birth place" });
    await user.type(combobox, "Atlantis");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(combobox.getAttribute("aria-invalid")).toBe("true"));
    expect(describedText(combobox)).toContain(message);
    expect(document.activeElement).toBe(combobox);
    expect(screen.queryByRole("region", { name: "Your signs" })).toBeNull();
  });

  it("checks the birth date, the place and the minutes before sending anything", async () => {
    const calls = profileServer();
    const user = userEvent.setup();
    renderPage(<ProfileSetupPage />, { path: "/oracle-profile-setup" });
    const minutes = await screen.findByLabelText("Minutes a day for practice");
    await user.clear(minutes);
    await user.type(minutes, "500");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Enter your birth date")).toBeTruthy();
    expect(screen.getByText("Enter your birth place")).toBeTruthy();
    expect(screen.getByText("Enter a whole number of minutes from 5 to 120")).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
  });
});
