import { describe, expect, it } from "vitest";
import type { Language } from "../morphology";
import { analyseEmotions } from "./emotion";
import type { EmotionKind } from "./types";

const feelingsOf = (text: string, language: Language) =>
  analyseEmotions(text, language).dominant.map(({ kind, intensity }) => [kind, intensity]);

const kindsOf = (text: string, language: Language): EmotionKind[] =>
  analyseEmotions(text, language).dominant.map((feeling) => feeling.kind);

describe("analyseEmotions: feelings named in the dream", () => {
  it.each([
    ["en", "I was scared when the lights went out in the school hallway.", "fear"],
    ["es", "Estaba asustada porque se apagaron las luces del pasillo.", "fear"],
    ["es", "Me dio mucho miedo ver la puerta abierta.", "fear"],
    ["en", "I felt so happy walking with my sister by the lake.", "joy"],
    ["es", "Me sentía feliz y alegre paseando con mi hermana.", "joy"],
    ["en", "I was furious with my boss for taking my desk.", "anger"],
    ["es", "Estaba enojada con mi jefe; en el sueño le tenía rabia.", "anger"],
    ["es", "Estaba enfadado con mi vecino por el ruido.", "anger"],
    ["en", "I felt ashamed standing there in my pyjamas.", "shame"],
    ["es", "Me dio mucha vergüenza llegar en pijama.", "shame"],
    ["es", "Sentía culpa por haber dejado sola a mi amiga.", "guilt"],
    ["en", "I was confused and did not recognise the street.", "confusion"],
    ["es", "Estaba confundido, no reconocía la calle.", "confusion"],
    ["es", "La comida me dio asco.", "disgust"],
    ["en", "I watched the whales in awe.", "awe"],
    ["es", "Miraba las ballenas con asombro, era una maravilla.", "awe"],
    ["es", "Le dije a mi abuela te quiero y ella sonrió.", "love"],
    ["en", "Everything was peaceful by the river.", "calm"],
    ["es", "Estaba tranquila junto al río.", "calm"],
    ["es", "Estaba llorando en la cocina de mi tía.", "sadness"],
    ["en", "I was crying in the kitchen.", "sadness"],
  ] as const)("%s: %s -> %s", (language, text, kind) => {
    expect(kindsOf(text, language)[0]).toBe(kind);
  });

  it("reads body cues: waking up sweating or screaming, a pounding heart", () => {
    expect(kindsOf("I woke up sweating, my heart pounding.", "en")).toEqual(["fear", "anxiety"]);
    expect(feelingsOf("Me desperté gritando.", "es")).toEqual([["fear", 3]]);
    expect(kindsOf("Me desperté llorando.", "es")).toEqual(["sadness"]);
  });

  it("finds nothing in a dream that names no feeling", () => {
    const analysis = analyseEmotions("I walked to the market and bought bread.", "en");
    expect(analysis).toEqual({ dominant: [], nightmare: false, ending: null, tone: "neutral" });
  });

  it("keeps the feeling words as written, accents missing or not, with offsets into the text", () => {
    const text = "Sentí PANICO cuando se cerró la puerta";
    const [feeling] = analyseEmotions(text, "es").dominant;
    expect(feeling?.evidence).toEqual([{ start: 6, end: 12, text: "PANICO" }]);
    expect(text.slice(6, 12)).toBe("PANICO");
  });

  it("does not take a greeting or an idiom for a feeling", () => {
    expect(kindsOf("We sang happy birthday to my cousin.", "en")).toEqual([]);
    expect(kindsOf("Cantamos feliz cumpleaños y no valía la pena discutir.", "es")).toEqual([]);
    expect(kindsOf("Vi un espantapájaros en el campo.", "es")).toEqual([]);
  });
});

describe("analyseEmotions: negation", () => {
  it("does not count a feeling the dream denies, and reads denied fear as calm", () => {
    expect(kindsOf("I wasn't scared at all, I just watched the sea.", "en")).toEqual(["calm"]);
    expect(kindsOf("I was not afraid of the dog.", "en")).toEqual(["calm"]);
    expect(kindsOf("No tenía miedo, solo miraba el mar.", "es")).toEqual(["calm"]);
    expect(kindsOf("Nadaba sin miedo entre los peces.", "es")).toEqual(["calm"]);
    expect(kindsOf("I wasn't angry with him.", "en")).toEqual([]);
    expect(kindsOf("No estaba enojada con ella.", "es")).toEqual([]);
  });

  it("keeps the feeling when the negation is about something else", () => {
    expect(kindsOf("I couldn't stop crying.", "en")).toEqual(["sadness"]);
    expect(kindsOf("No pude evitar llorar.", "es")).toEqual(["sadness"]);
    expect(kindsOf("I could not find the door and I was scared.", "en")).toEqual(["fear"]);
    expect(kindsOf("No encontraba la puerta y tenía miedo.", "es")).toEqual(["fear"]);
  });
});

describe("analyseEmotions: intensity", () => {
  it.each([
    ["en", "I felt a bit uneasy in the house.", 1],
    ["en", "I was scared of the house.", 2],
    ["en", "I was terrified of the house.", 3],
    ["en", "I was so scared of the house.", 3],
    ["en", "I was SCARED of the house.", 3],
    ["en", "I was scared of the house!!", 3],
    ["es", "Estaba un poco nerviosa en la casa.", 1],
    ["es", "Tenía miedo en la casa.", 2],
    ["es", "Estaba aterrada en la casa.", 3],
    ["es", "Estaba muerta de miedo en la casa.", 3],
    ["es", "Tenía muchísimo miedo en la casa.", 3],
    ["es", "¡¡Tenía miedo en la casa!!", 3],
  ] as const)("%s: %s -> %i", (language, text, intensity) => {
    expect(analyseEmotions(text, language).dominant[0]?.intensity).toBe(intensity);
  });

  it("does not take capitals for emphasis when the whole dream is typed in capitals", () => {
    expect(feelingsOf("I WAS SCARED OF THE HOUSE", "en")).toEqual([["fear", 2]]);
  });

  it("orders the dominant feelings by intensity, then how often, then which came first (at most 3)", () => {
    const text = "I was sad, then confused, then sad again, then terrified, then a bit annoyed, then happy.";
    expect(kindsOf(text, "en")).toEqual(["fear", "sadness", "confusion"]);
    const [, sadness] = analyseEmotions(text, "en").dominant;
    expect(sadness?.evidence.map((span) => span.text)).toEqual(["sad", "sad"]);
  });
});

describe("analyseEmotions: nightmare, ending and tone", () => {
  it("calls a dream a nightmare when it says so", () => {
    expect(analyseEmotions("Had a nightmare about my old school.", "en").nightmare).toBe(true);
    expect(analyseEmotions("Tuve una pesadilla con mi antigua escuela.", "es").nightmare).toBe(true);
    expect(analyseEmotions("It was not a nightmare, just odd.", "en").nightmare).toBe(false);
  });

  it("calls a dream carried by fear a nightmare, unless it ends in relief", () => {
    const dark = analyseEmotions(
      "A man chased me through the woods and I was terrified the whole time.",
      "en",
    );
    expect(dark).toMatchObject({ nightmare: true, tone: "dark" });

    const relieved = analyseEmotions(
      "A man chased me through the woods and I was terrified. Then I reached my house and felt safe and happy.",
      "en",
    );
    expect(relieved).toMatchObject({ nightmare: false, ending: "joy", tone: "mixed" });

    expect(
      analyseEmotions("Un hombre me perseguía y yo estaba aterrada, no podía correr.", "es").nightmare,
    ).toBe(true);
    expect(
      analyseEmotions(
        "Un hombre me perseguía y yo estaba aterrada. Al final llegué a casa de mi madre y sentí un gran alivio.",
        "es",
      ),
    ).toMatchObject({ nightmare: false, ending: "calm" });
  });

  it("does not call a mildly uneasy or worried dream a nightmare", () => {
    expect(analyseEmotions("I felt a little nervous before the trip.", "en").nightmare).toBe(false);
    expect(analyseEmotions("I was worried about the exam.", "en").nightmare).toBe(false);
    expect(analyseEmotions("Estaba preocupada por el examen.", "es").nightmare).toBe(false);
  });

  it("does not call a stress dream a nightmare: it needs fear, not only worry", () => {
    const exam = "I was late for a final exam and could not find the room. I woke up so stressed.";
    expect(analyseEmotions(exam, "en")).toMatchObject({ nightmare: false, tone: "dark" });
    const examen = "Llegaba tarde al examen final y no encontraba el aula. Me desperté angustiadísima.";
    expect(analyseEmotions(examen, "es")).toMatchObject({ nightmare: false, tone: "dark" });
    expect(analyseEmotions("Estaba aterrada, me escondí temblando de miedo.", "es").nightmare).toBe(true);
  });

  it("reads the ending from the last third of the dream", () => {
    const text =
      "I was happy at the beach with my friends, we played for hours, and then the sky went dark and I was sad.";
    expect(analyseEmotions(text, "en").ending).toBe("sadness");
    expect(
      analyseEmotions("Estaba triste. Caminé mucho por la ciudad, por calles largas y vacías.", "es").ending,
    ).toBe(null);
  });

  it("gives a light tone to a joyful dream", () => {
    expect(analyseEmotions("Bailamos toda la noche, estaba feliz y llena de amor.", "es").tone).toBe("light");
  });
});

describe("analyseEmotions: laughter, pena and whose fear it is", () => {
  it.each([
    ["en", "They laughed at me when I tripped on stage.", "shame"],
    ["en", "Everyone was mocking me in the classroom.", "shame"],
    ["en", "The captors were laughing while I was tied up.", "fear"],
    ["es", "Se burlaban de mí en la escuela.", "shame"],
    ["es", "Todos se reían de mí en la fiesta.", "shame"],
    ["es", "Se oían carcajadas crueles detrás de la puerta.", "shame"],
    ["es", "Los secuestradores se reían mientras me tenían amarrada.", "fear"],
  ] as const)("does not read mocking or menacing laughter as joy (%s): %s", (language, text, kind) => {
    const analysis = analyseEmotions(text, language);
    expect(analysis.dominant.map((feeling) => feeling.kind)).toEqual([kind]);
    expect(analysis.tone).toBe("dark");
  });

  it("still reads shared laughter as joy", () => {
    expect(kindsOf("My friends and I were laughing on the beach.", "en")).toEqual(["joy"]);
    expect(kindsOf("Nos reíamos en la playa con mis amigas.", "es")).toEqual(["joy"]);
  });

  it("cancels joy the dreamer denies across 'a happy dream'", () => {
    expect(analyseEmotions("It wasn't a happy dream.", "en")).toMatchObject({
      dominant: [],
      tone: "neutral",
    });
    expect(analyseEmotions("No era un sueño feliz.", "es")).toMatchObject({ dominant: [], tone: "neutral" });
    expect(kindsOf("No fue un sueño muy feliz, la verdad.", "es")).toEqual([]);
  });

  it("reads Mexican 'pena' as embarrassment, and as grief only near a death or loss", () => {
    expect(kindsOf("Me dio pena hablar con él delante de todos.", "es")).toEqual(["shame"]);
    expect(kindsOf("¡Qué pena!, se me cayó el vaso en la cena.", "es")).toEqual(["shame"]);
    expect(kindsOf("Estaba apenada porque llegué tarde.", "es")).toEqual(["shame"]);
    expect(kindsOf("Sentí mucha pena por su muerte.", "es")).toEqual(["grief"]);
    expect(kindsOf("Con mucha pena lo enterramos en el pueblo.", "es")).toEqual(["grief"]);
    expect(kindsOf("We felt so embarrassed at the party.", "en")).toEqual(["shame"]);
  });

  it("does not make a nightmare of one passing fear or of someone else's fear", () => {
    const errand = "I walked to the shop. A dog barked and I was scared. Then I bought bread and went home.";
    expect(analyseEmotions(errand, "en").nightmare).toBe(false);
    const mandado = "Fui a la tienda. Un perro ladró y me asusté. Luego compré pan y volví a casa.";
    expect(analyseEmotions(mandado, "es").nightmare).toBe(false);
    expect(analyseEmotions("My friend told me a story where the boy was terrified.", "en").nightmare).toBe(
      false,
    );
    expect(analyseEmotions("Mi hermana estaba aterrada por la tormenta.", "es").nightmare).toBe(false);
    expect(analyseEmotions("A dog chased me and I was scared, so scared I hid.", "en").nightmare).toBe(true);
    expect(analyseEmotions("It terrified me.", "en").nightmare).toBe(true);
    expect(analyseEmotions("No fue una pesadilla, solo algo raro.", "es").nightmare).toBe(false);
  });
});

describe("analyseEmotions: the dreamer's verdict, hedges, waking remarks and others' feelings", () => {
  it("takes a feeling the dreamer denies of the whole dream out of all of it, and reads a funeral likeness as sadness", () => {
    const en =
      "Everyone was dancing and I was happy at first. But it was not a happy dream, it felt like a funeral.";
    expect(feelingsOf(en, "en")).toEqual([["sadness", 2]]);
    expect(analyseEmotions(en, "en").tone).toBe("dark");
    const es = "Todos bailaban y al principio estaba feliz. Pero no fue un sueño feliz, parecía un funeral.";
    expect(feelingsOf(es, "es")).toEqual([["sadness", 2]]);
    expect(kindsOf("Se sentía como en un velorio.", "es")).toEqual(["sadness"]);
    // A denial inside one moment is not a verdict on the dream.
    expect(kindsOf("I wasn't happy at first, then I was happy with my sister.", "en")).toEqual(["joy"]);
  });

  it.each([
    ["en", "A huge dog nearly tore my leg off, but I was only a little scared."],
    ["en", "A huge dog nearly tore my leg off. I was not really scared."],
    ["en", "A huge dog nearly tore my leg off and I was barely scared."],
    ["es", "Un perro enorme casi me arranca la pierna, pero apenas me asusté."],
    ["es", "Un perro enorme casi me arranca la pierna. No tenía mucho miedo, la verdad."],
    ["es", "Un perro enorme casi me arranca la pierna y casi no tenía miedo."],
  ] as const)("reads a hedged fear as mild, not a nightmare (%s): %s", (language, text) => {
    const analysis = analyseEmotions(text, language);
    expect(analysis.dominant.map(({ kind, intensity }) => [kind, intensity])).toEqual([["fear", 1]]);
    expect(analysis.nightmare).toBe(false);
  });

  it("reads 'never so scared' as the strongest fear, and a denial by 'nothing' as a denial", () => {
    expect(feelingsOf("I have never been so scared in my life.", "en")).toEqual([["fear", 3]]);
    expect(feelingsOf("Nunca había tenido tanto miedo en mi vida.", "es")).toEqual([["fear", 3]]);
    expect(kindsOf("There was nothing that scared me.", "en")).toEqual(["calm"]);
    expect(kindsOf("No había nada tan aterrador.", "es")).toEqual(["calm"]);
  });

  it("does not count feelings from waking life: horror games, or a waking remark", () => {
    const games =
      "I've been playing a lot of horror games lately. I dreamed I sat on a porch by a bed frame.";
    expect(analyseEmotions(games, "en")).toMatchObject({ dominant: [], nightmare: false });
    const juegos =
      "Últimamente juego mucho a juegos de terror. Soñé que estaba en un porche junto a una cama.";
    expect(analyseEmotions(juegos, "es")).toMatchObject({ dominant: [], nightmare: false });
    const spiders = "In real life I am terrified of spiders. I dreamed I was in a garden and I felt calm.";
    expect(analyseEmotions(spiders, "en")).toMatchObject({ nightmare: false, tone: "light" });
    expect(kindsOf(spiders, "en")).toEqual(["calm"]);
    const arañas =
      "En la vida real me dan pánico las arañas. Soñé que estaba en un jardín y me sentía tranquila.";
    expect(analyseEmotions(arañas, "es")).toMatchObject({ nightmare: false, tone: "light" });
    expect(kindsOf(arañas, "es")).toEqual(["calm"]);
    // How the dreamer woke, and calling it a nightmare, still speak of this dream.
    expect(analyseEmotions("I was in my old school. I woke up screaming.", "en").nightmare).toBe(true);
    expect(analyseEmotions("Tuve una pesadilla anoche. Estaba en mi escuela.", "es").nightmare).toBe(true);
  });

  it("reads others enjoying the dreamer's plight as the dreamer's shame, not joy", () => {
    const en = "I was at a party where everyone enjoyed watching me run.";
    expect(analyseEmotions(en, "en")).toMatchObject({ tone: "dark" });
    expect(kindsOf(en, "en")).toEqual(["shame"]);
    const es = "Estaba en una fiesta donde todos disfrutaban viéndome correr.";
    expect(analyseEmotions(es, "es")).toMatchObject({ tone: "dark" });
    expect(kindsOf(es, "es")).toEqual(["shame"]);
    expect(kindsOf("The whole crowd laughed at me when I fell.", "en")).toEqual(["shame"]);
    expect(kindsOf("Toda la gente se reía de mí cuando me caí.", "es")).toEqual(["shame"]);
  });

  it("weighs the dreamer's feelings above those of others in the dream", () => {
    expect(feelingsOf("She was very happy, but I was sad.", "en")).toEqual([
      ["sadness", 2],
      ["joy", 2],
    ]);
    expect(feelingsOf("Ella estaba muy feliz, pero yo estaba triste.", "es")).toEqual([
      ["sadness", 2],
      ["joy", 2],
    ]);
    expect(feelingsOf("She was happy.", "en")).toEqual([["joy", 1]]);
    expect(feelingsOf("I was happy.", "en")).toEqual([["joy", 2]]);
    expect(feelingsOf("Ella estaba feliz.", "es")).toEqual([["joy", 1]]);
    expect(feelingsOf("Yo estaba feliz.", "es")).toEqual([["joy", 2]]);
    expect(feelingsOf("Todos estábamos felices.", "es")).toEqual([["joy", 2]]);
  });
});

// Speed is measured by `npm run bench:engine`, not asserted here.
describe("analyseEmotions: a long dream", () => {
  it("reads a 5,000-character dream to the same feelings every time, strongest repeated ones first", () => {
    const sentence =
      "I was walking through my grandmother's house and felt very scared, then happy when my sister arrived. ";
    const text = sentence.repeat(Math.ceil(5000 / sentence.length)).slice(0, 5000);
    const first = analyseEmotions(text, "en");
    expect(first.dominant.map((feeling) => feeling.kind)).toEqual(expect.arrayContaining(["fear", "joy"]));
    expect(analyseEmotions(text, "en")).toEqual(first);
  });
});
