import { describe, expect, it } from "vitest";
import { createEngine } from "../index";
import type { Language } from "../morphology";
import { analyseRoles } from "./roles";
import type { SymbolRole } from "./types";

const engine = createEngine();

function analyse(text: string, language: Language) {
  return analyseRoles(text, engine.match(text, { language }).symbols, language);
}

function roleOf(text: string, language: Language, key: string): SymbolRole {
  const role = analyse(text, language).roles.get(key);
  if (!role) throw new Error(`"${key}" was not recognised in "${text}"`);
  return role;
}

describe("who acts on whom", () => {
  it("reads being eaten as done to the dreamer, and eating as the dreamer's act", () => {
    expect(roleOf("A tiger ate me.", "en", "eating").role).toBe("target");
    expect(roleOf("A tiger ate me.", "en", "tiger").role).toBe("target");
    expect(roleOf("I ate an apple.", "en", "eating").role).toBe("agent");
    expect(roleOf("Me comió un tigre.", "es", "eating").role).toBe("target");
    expect(roleOf("Me comió un tigre.", "es", "tiger").role).toBe("target");
    expect(roleOf("Comí una manzana.", "es", "eating").role).toBe("agent");
  });

  it("tells the dreamer's own acts from those done to them, passive or not", () => {
    expect(roleOf("I was flying over the city.", "en", "flying").role).toBe("agent");
    expect(roleOf("I killed the snake.", "en", "killing").role).toBe("agent");
    expect(roleOf("The dog bit me.", "en", "dog").role).toBe("target");
    expect(roleOf("I was being chased through the woods.", "en", "chase").role).toBe("target");
    expect(roleOf("Yo volaba sobre el mar.", "es", "flying").role).toBe("agent");
    expect(roleOf("Me caí al agua.", "es", "falling").role).toBe("agent");
    expect(roleOf("Me perseguía un perro negro.", "es", "chase").role).toBe("target");
    expect(roleOf("Se me caen los dientes.", "es", "teeth").role).toBe("target");
  });

  it("makes the dreamer a witness of what others do", () => {
    const lennon = analyse("I saw John Lennon singing in heaven.", "en");
    expect(lennon.roles.get("celebrity")?.role).toBe("witness");
    expect(lennon.roles.get("singing")?.role).toBe("witness");
    expect(roleOf("My brother fell from the roof.", "en", "falling").role).toBe("witness");
    expect(roleOf("Mi hermano se cayó del techo.", "es", "falling").role).toBe("witness");
    expect(roleOf("Vi a mi papá llorando en la cocina.", "es", "crying").role).toBe("witness");
  });

  it("reads Spanish told in the present as the dreamer's own acts", () => {
    expect(roleOf("Duermo un par de horas en el sofá.", "es", "sleeping").role).toBe("agent");
    expect(roleOf("Me lavo la cara con agua fría.", "es", "face").role).toBe("agent");
    expect(roleOf("Al verlo le daba un abrazo.", "es", "hugging").role).toBe("agent");
  });

  it("finds the subject of a Spanish verb across a relative clause", () => {
    const hug = analyse("Mi mamá, que en paz descanse, me abrazaba.", "es");
    expect(hug.roles.get("hugging")?.role).toBe("target");
    expect(hug.roles.get("mother")?.role).toBe("target");
  });

  it("reads a Spanish subject standing after its verb as someone else's act", () => {
    const dog = analyse("Entraba en la casa un enorme perro.", "es");
    expect(dog.roles.get("dog")?.role).toBe("witness");
    expect(dog.roles.get("house")?.role).toBe("witness");
    expect(roleOf("Entraba en la casa un enorme perro y me mordía.", "es", "attack").role).toBe("target");
    expect(roleOf("Acariciaba un perro en la casa.", "es", "dog").role).toBe("agent");
    expect(roleOf("The huge dog came into the house.", "en", "dog").role).toBe("witness");
  });

  it("reads shooting at the dreamer as done to them", () => {
    expect(roleOf("A man shot at me from a car.", "en", "shooting").role).toBe("target");
    expect(roleOf("The soldiers fired at me.", "en", "soldier").role).toBe("target");
    expect(roleOf("My mom was shooting at me with a gun.", "en", "mother").role).toBe("target");
    expect(roleOf("Un hombre me disparaba desde un coche.", "es", "shooting").role).toBe("target");
    // Typed without its accent, "disparó" still has its subject before it.
    expect(roleOf("Un hombre me disparo en la calle.", "es", "shooting").role).toBe("target");
    expect(roleOf("Disparaban contra nosotros desde el coche.", "es", "shooting").role).toBe("target");
    expect(roleOf("Me lavo la cara con agua fría.", "es", "washing").role).toBe("agent");
  });

  it("reads mockery aimed at the dreamer as done to them", () => {
    expect(roleOf("The people at the party made fun of me.", "en", "party").role).toBe("target");
    expect(roleOf("My friends mocked me at the party.", "en", "friend").role).toBe("target");
    expect(roleOf("The crowd laughed at me.", "en", "crowd").role).toBe("target");
    const es = analyse("Mis amigos se reían de mi en la fiesta.", "es");
    expect(es.roles.get("friend")?.role).toBe("target");
    expect(es.roles.get("laughing")?.role).toBe("target");
    expect(roleOf("Mi hermana se burlaba de mí.", "es", "sister").role).toBe("target");
  });

  it("keeps a companion beside the dreamer out of the dreamer's acts", () => {
    expect(roleOf("I was walking with a friend in the forest.", "en", "friend").role).toBe("witness");
    expect(roleOf("I was walking with a friend in the forest.", "en", "walking").role).toBe("agent");
    expect(roleOf("Caminaba con una amiga por el bosque.", "es", "friend").role).toBe("witness");
    expect(roleOf("Paseaba junto a mi hermana por la playa.", "es", "sister").role).toBe("witness");
    // A companion who acts is read by what they do.
    expect(roleOf("My friend pushed me into the river.", "en", "friend").role).toBe("target");
    expect(roleOf("Mi amigo me empujó al río.", "es", "friend").role).toBe("target");
  });

  it("reads a dog that bites the dreamer as acting on them, in both languages", () => {
    const es = analyse("Mi perro me mordió la mano.", "es");
    expect(es.roles.get("dog")).toMatchObject({ role: "target", own: true });
    expect(es.roles.get("attack")?.role).toBe("target");
    const en = analyse("My dog bit me on the hand.", "en");
    expect(en.roles.get("dog")).toMatchObject({ role: "target", own: true });
  });
});

describe("the dreamer's own, real ones", () => {
  it("keeps a named pet as the dreamer's own, with its name as written", () => {
    expect(roleOf("My dog Max was killed by a car.", "en", "dog")).toMatchObject({
      own: true,
      givenName: "Max",
      harmed: true,
    });
    expect(roleOf("Max, my dog, was sleeping on the sofa.", "en", "dog")).toMatchObject({
      own: true,
      givenName: "Max",
    });
    expect(roleOf("Estaba jugando con mi gata Luna en el jardín.", "es", "cat")).toMatchObject({
      own: true,
      givenName: "Luna",
    });
    expect(roleOf("I saw a dog named Bolt in the street.", "en", "dog")).toMatchObject({
      own: true,
      givenName: "Bolt",
    });
  });

  it("gives a possessive to the noun right after it, not to a later object", () => {
    const es = analyse("Mi madre cocinaba pescado.", "es");
    expect(es.roles.get("mother")?.own).toBe(true);
    expect(es.roles.get("fish")?.own).toBe(false);
    const en = analyse("My mother was cooking fish.", "en");
    expect(en.roles.get("mother")?.own).toBe(true);
    expect(en.roles.get("fish")?.own).toBe(false);
    expect(roleOf("My big black dog ran away.", "en", "dog").own).toBe(true);
  });

  it("sees family with a possessive, or bare family words, as the dreamer's own", () => {
    expect(roleOf("Mi querida abuela cocinaba pan.", "es", "grandparent").own).toBe(true);
    expect(roleOf("Mom was waiting at the door.", "en", "mother").own).toBe(true);
    expect(roleOf("A friend of mine was there.", "en", "friend").own).toBe(true);
    expect(roleOf("His mother was waiting at the door.", "en", "mother").own).toBe(false);
    expect(roleOf("La madre de Juan esperaba en la puerta.", "es", "mother").own).toBe(false);
  });
});

describe("alive or dead in waking life", () => {
  it("takes death told in waking terms as waking death", () => {
    expect(roleOf("Mi mamá, que en paz descanse, me abrazaba.", "es", "mother")).toMatchObject({
      own: true,
      waking: "dead",
      harmed: false,
    });
    expect(roleOf("My late father was fixing the car.", "en", "father").waking).toBe("dead");
    expect(roleOf("My grandma, who passed away, was baking bread.", "en", "grandparent").waking).toBe("dead");
    expect(roleOf("My grandpa who died last year was singing.", "en", "grandparent").waking).toBe("dead");
    expect(roleOf("Mi abuelo fallecido me hablaba.", "es", "grandparent").waking).toBe("dead");
    expect(roleOf("Soñé con mi difunta abuela.", "es", "grandparent").waking).toBe("dead");
  });

  it("knows the blessings said of the dead, however they are typed", () => {
    const q = roleOf("Mi abuela, q en paz descanse, me abrazaba.", "es", "grandparent");
    expect(q).toMatchObject({ waking: "dead", role: "target" });
    expect(roleOf("Mi papá que en gloria esté me hablaba.", "es", "father").waking).toBe("dead");
    expect(roleOf("Mi abuelo (QEPD) estaba en la cocina.", "es", "grandparent").waking).toBe("dead");
    expect(roleOf("My grandpa, may he rest in peace, was fishing.", "en", "grandparent").waking).toBe("dead");
    expect(roleOf("My dad, RIP, was driving.", "en", "father").waking).toBe("dead");
  });

  it("reads a dated death as waking life, and only that clause", () => {
    const en = analyse(
      "My dog Max passed away in March. Last night I dreamt he was running on the beach.",
      "en",
    );
    expect(en.wakingRemarks.map((remark) => remark.text)).toEqual(["My dog Max passed away in March"]);
    expect(en.roles.get("dog")).toMatchObject({ waking: "dead", harmed: false });
    expect(en.roles.get("beach")?.onlyInWakingRemark).toBe(false);
    const es = analyse("Mi perro Toby murió en marzo. Anoche soñé que corría por la playa.", "es");
    expect(es.wakingRemarks.map((remark) => remark.text)).toEqual(["Mi perro Toby murió en marzo"]);
    expect(es.roles.get("dog")?.waking).toBe("dead");
    expect(es.roles.get("beach")?.onlyInWakingRemark).toBe(false);
    const funeral = analyse("My dad's funeral was in March. We were walking around a store.", "en");
    expect(funeral.roles.get("father")).toMatchObject({ waking: "dead", onlyInWakingRemark: true });
    expect(funeral.roles.get("store")?.onlyInWakingRemark).toBe(false);
    const entierro = analyse("El entierro de mi abuela fue en marzo. Anoche soñé que cocinaba.", "es");
    expect(entierro.roles.get("grandparent")?.waking).toBe("dead");
    // A funeral in the dream, with no date, is the dream's own scene.
    expect(roleOf("I was at my dad's funeral and everyone was laughing.", "en", "father").waking).toBe(null);
  });

  it("takes life told in waking terms as alive", () => {
    expect(roleOf("My mom, who is alive and well, was crying.", "en", "mother").waking).toBe("alive");
    expect(roleOf("Mi papá, que sigue vivo, estaba en el hospital.", "es", "father").waking).toBe("alive");
    // The remark names no one: it speaks of the last person named.
    expect(
      roleOf("I dreamt my mother died. She is alive and well in real life.", "en", "mother").waking,
    ).toBe("alive");
    expect(roleOf("Soñé que mi abuela se moría. En realidad sigue viva.", "es", "grandparent").waking).toBe(
      "alive",
    );
  });

  it("does not take dying inside the dream for waking death", () => {
    const en = roleOf("In the dream my mother died in a fire.", "en", "mother");
    expect(en).toMatchObject({ waking: null, harmed: true });
    const es = roleOf("Soñé que mi abuela murió en un accidente.", "es", "grandparent");
    expect(es).toMatchObject({ waking: null, harmed: true });
  });
});

describe("harm in the dream", () => {
  it("sees what is killed, hurt, run over or lost", () => {
    expect(roleOf("I killed the snake.", "en", "snake").harmed).toBe(true);
    expect(roleOf("A car ran over my dog.", "en", "dog").harmed).toBe(true);
    expect(roleOf("I found a dead bird on the road.", "en", "bird").harmed).toBe(true);
    expect(roleOf("Mataron a mi perro.", "es", "dog").harmed).toBe(true);
    expect(roleOf("A mi gato lo atropellaron.", "es", "cat").harmed).toBe(true);
    expect(roleOf("Encontré a mi gato muerto.", "es", "cat").harmed).toBe(true);
    expect(roleOf("Mi hermano se ahogó en el río.", "es", "brother").harmed).toBe(true);
  });

  it("does not see harm in the one who harms, in food, or in harm that did not happen", () => {
    expect(roleOf("The dog bit me.", "en", "dog").harmed).toBe(false);
    expect(roleOf("Me comió un tigre.", "es", "tiger").harmed).toBe(false);
    expect(roleOf("I ate a cake.", "en", "cake").harmed).toBe(false);
    expect(roleOf("I wanted to hit the snake.", "en", "snake").harmed).toBe(false);
    expect(roleOf("My dog was not hurt.", "en", "dog").harmed).toBe(false);
  });
});

describe("waking remarks", () => {
  it("reads the frame of a recurring dream as a remark and what follows as the dream", () => {
    const en = analyse("I often dream that I am falling.", "en");
    expect(en.saysRecurring).toBe(true);
    expect(en.wakingRemarks.map((remark) => remark.text)).toEqual(["I often dream that"]);
    expect(en.roles.get("falling")).toMatchObject({ role: "agent", onlyInWakingRemark: false });
    expect(en.roles.get("falling")?.clause.text).toBe("I am falling");

    const es = analyse("Es recurrente soñar que se me caen los dientes.", "es");
    expect(es.saysRecurring).toBe(true);
    expect(es.wakingRemarks.map((remark) => remark.text)).toEqual(["Es recurrente soñar que"]);
    expect(es.roles.get("teeth")).toMatchObject({ role: "target", onlyInWakingRemark: false });
  });

  it("knows a dream told as coming back", () => {
    expect(analyse("I keep having this dream where my house floods.", "en").saysRecurring).toBe(true);
    expect(analyse("Otra vez el mismo sueño: estoy en una casa vacía.", "es").saysRecurring).toBe(true);
    expect(analyse("Siempre sueño con serpientes.", "es").saysRecurring).toBe(true);
    expect(analyse("I fell again and again down the stairs.", "en").saysRecurring).toBe(false);
    expect(analyse("Tenía un miedo recurrente a las alturas.", "es").saysRecurring).toBe(false);
  });

  it("reads a dream said to come back, with the dreamer's age, as a remark", () => {
    const still = analyse("I'm 34 and I still dream about school.", "en");
    expect(still.saysRecurring).toBe(true);
    expect(still.wakingRemarks.map((remark) => remark.text)).toEqual(["I'm 34 and I still dream about"]);
    expect(still.roles.get("school")?.onlyInWakingRemark).toBe(false);
    const keep = analyse("i keep dreaming abt snakes lol", "en");
    expect(keep.saysRecurring).toBe(true);
    expect(keep.roles.get("snake")?.onlyInWakingRemark).toBe(false);
    const sigo = analyse("Tengo 34 años y sigo soñando que me persiguen.", "es");
    expect(sigo.wakingRemarks.map((remark) => remark.text)).toEqual(["Tengo 34 años y sigo soñando que"]);
    expect(sigo.roles.get("chase")?.role).toBe("target");
    expect(analyse("Todavía sueño con mi ex.", "es").saysRecurring).toBe(true);
    expect(analyse("Sigo teniendo pesadillas con serpientes.", "es").saysRecurring).toBe(true);
  });

  it("reads the dreamer's recent waking life as a remark, and the dream told after 'lately' as the dream", () => {
    const stressed = analyse("I've been super stressed lately. I dreamt a snake was in my house.", "en");
    expect(stressed.wakingRemarks.map((remark) => remark.text)).toEqual(["I've been super stressed lately"]);
    expect(stressed.roles.get("snake")?.onlyInWakingRemark).toBe(false);
    const games = analyse("I've been playing horror games lately. A zombie chased me.", "en");
    expect(games.roles.get("playing_game")?.onlyInWakingRemark).toBe(true);
    const es = analyse("Últimamente estoy muy estresada. Soñé que una serpiente estaba en mi casa.", "es");
    expect(es.wakingRemarks.map((remark) => remark.text)).toEqual(["Últimamente estoy muy estresada"]);
    expect(es.roles.get("snake")?.onlyInWakingRemark).toBe(false);
    expect(analyse("Lately in the dream I was flying over the sea.", "en").wakingRemarks).toEqual([]);
    expect(analyse("Recently I had a dream where a snake bit me.", "en").roles.get("snake")).toMatchObject({
      role: "target",
      onlyInWakingRemark: false,
    });
    // A scene of the dream that mentions a recent purchase stays the dream.
    expect(analyse("I was at the house that I recently bought.", "en").wakingRemarks).toEqual([]);
  });

  it("reads waking up and waking life as remarks", () => {
    const en = analyse("I was swimming in a lake. I woke up crying.", "en");
    expect(en.wakingRemarks.map((remark) => remark.text)).toEqual(["I woke up crying"]);
    expect(en.roles.get("crying")?.onlyInWakingRemark).toBe(true);
    expect(en.roles.get("swimming")?.onlyInWakingRemark).toBe(false);
    const es = analyse("Nadaba en un lago. Me desperté llorando.", "es");
    expect(es.wakingRemarks.map((remark) => remark.text)).toEqual(["Me desperté llorando"]);
    expect(es.roles.get("crying")?.onlyInWakingRemark).toBe(true);
  });

  it("reads an aside about waking life as a remark, and keeps what it says of the one named", () => {
    const en = analyse("My dog was running on the beach (in real life my dog died last year).", "en");
    expect(en.wakingRemarks.map((remark) => remark.text)).toEqual(["in real life my dog died last year"]);
    expect(en.roles.get("dog")).toMatchObject({
      own: true,
      waking: "dead",
      harmed: false,
      onlyInWakingRemark: false,
    });

    const only = analyse("I was at the beach. (In real life my cat died two years ago.)", "en");
    expect(only.roles.get("cat")).toMatchObject({ onlyInWakingRemark: true, waking: "dead" });

    const es = analyse("Mi perro corría por la playa (en la vida real murió hace dos años).", "es");
    expect(es.roles.get("dog")).toMatchObject({ waking: "dead", onlyInWakingRemark: false });
  });

  it("keeps the dream before the waking up in the same sentence", () => {
    const es = analyse("Corrí por el bosque hasta que me desperté.", "es");
    expect(es.wakingRemarks.map((remark) => remark.text)).toEqual(["hasta que me desperté"]);
    expect(es.roles.get("forest")?.onlyInWakingRemark).toBe(false);
    const en = analyse("I was running through the forest when I woke up.", "en");
    expect(en.wakingRemarks.map((remark) => remark.text)).toEqual(["when I woke up"]);
    expect(en.roles.get("running")?.onlyInWakingRemark).toBe(false);
  });

  it("reads an opening about the night, told without 'I', as a remark", () => {
    const woke = analyse("Woke up at 3am with my heart pounding. I was in a forest.", "en");
    expect(woke.wakingRemarks.map((remark) => remark.text)).toEqual([
      "Woke up at 3am with my heart pounding",
    ]);
    expect(woke.roles.get("forest")?.onlyInWakingRemark).toBe(false);
    const had = analyse("Had the worst nightmare last night. A snake was in my house.", "en");
    expect(had.wakingRemarks.map((remark) => remark.text)).toEqual(["Had the worst nightmare last night"]);
    const es = analyse("Tuve una pesadilla horrible anoche. Una serpiente estaba en mi casa.", "es");
    expect(es.wakingRemarks.map((remark) => remark.text)).toEqual(["Tuve una pesadilla horrible anoche"]);
    expect(es.roles.get("snake")?.onlyInWakingRemark).toBe(false);
    const about = analyse("I had a dream about my mother.", "en");
    expect(about.wakingRemarks.map((remark) => remark.text)).toEqual(["I had a dream about"]);
    expect(about.roles.get("mother")?.onlyInWakingRemark).toBe(false);
  });

  it("reads questions to the reader about the dream as remarks", () => {
    const remarks = (text: string, language: Language) =>
      analyse(text, language).wakingRemarks.map((remark) => remark.text);
    expect(remarks("A snake was in my house. Does this mean anything?", "en")).toEqual([
      "Does this mean anything",
    ]);
    expect(remarks("A snake was in my house. What could this mean", "en")).toEqual(["What could this mean"]);
    expect(remarks("Una serpiente estaba en mi casa. ¿Qué significa?", "es")).toEqual(["Qué significa"]);
    const snakes = analyse("Vi una serpiente. ¿Alguien sabe qué significa soñar con serpientes?", "es");
    expect(snakes.wakingRemarks.map((remark) => remark.text)).toEqual([
      "Alguien sabe qué significa soñar con serpientes",
    ]);
    expect(snakes.roles.get("snake")?.onlyInWakingRemark).toBe(false);
    // Typed as in chats, the question hangs on the dream's own sentence: only the question is a remark.
    const chat = analyse("soñé q me casaba con mi novio en la playa, q significa", "es");
    expect(chat.wakingRemarks.map((remark) => remark.text)).toEqual(["q significa"]);
    expect(chat.roles.get("partner")?.onlyInWakingRemark).toBe(false);
    const often = analyse("Un alacrán me picó en el pie. Ya es la tercera vez q lo sueño este mes.", "es");
    expect(often.saysRecurring).toBe(true);
    expect(remarks("I was in a forest, what does it mean?", "en")).toEqual(["what does it mean"]);
  });

  it("reads a preface about the dreamer's situation as a remark", () => {
    const lockdown = analyse("Día 12 de confinamiento. Una serpiente estaba en mi casa.", "es");
    expect(lockdown.wakingRemarks.map((remark) => remark.text)).toEqual(["Día 12 de confinamiento"]);
    expect(lockdown.roles.get("snake")?.onlyInWakingRemark).toBe(false);
    const context = analyse("Context: I'm 32 and recently divorced. A snake was in my house.", "en");
    expect(context.roles.get("divorce")?.onlyInWakingRemark).toBe(true);
    const contexto = analyse("Contexto: tengo 32 años y me divorcié. Una serpiente estaba en mi casa.", "es");
    expect(contexto.roles.get("divorce")?.onlyInWakingRemark).toBe(true);
    const background = analyse("Some background: I just moved to a new city. I was in a forest.", "en");
    expect(background.roles.get("moving_house")?.onlyInWakingRemark).toBe(true);
    expect(background.roles.get("forest")?.onlyInWakingRemark).toBe(false);
    expect(analyse("For context, I just moved. I was in a forest.", "en").wakingRemarks).toHaveLength(1);
    // In the dream, background is a scene word.
    expect(analyse("Some background music was playing in the house.", "en").wakingRemarks).toEqual([]);
  });

  it("reads a closing comment as a remark", () => {
    const en = analyse("A snake was in my house. Anyway, that was the dream.", "en");
    expect(en.wakingRemarks.map((remark) => remark.text)).toEqual(["Anyway, that was the dream"]);
    const es = analyse("Una serpiente estaba en mi casa. Eso fue todo.", "es");
    expect(es.wakingRemarks.map((remark) => remark.text)).toEqual(["Eso fue todo"]);
    expect(analyse("Eso fue todo lo que dijo la serpiente.", "es").wakingRemarks).toEqual([]);
  });

  it("leaves the dream's own words about reality alone", () => {
    expect(analyse("Estaba con un hombre, pero en realidad era mi hermano.", "es").wakingRemarks).toEqual([]);
    expect(analyse("I woke up in a strange room full of birds.", "en").wakingRemarks).toEqual([]);
  });
});

describe("the clause of a symbol", () => {
  it("does not end a sentence at a title's full stop", () => {
    const en = analyse("I was talking to Mr. Smith in the school. He gave me a key.", "en");
    expect(en.roles.get("school")?.clause.text).toBe("I was talking to Mr. Smith in the school");
    expect(roleOf("Dr. Jones was operating on my dog.", "en", "dog").clause.text).toBe(
      "Dr. Jones was operating on my dog",
    );
    expect(roleOf("La Dra. López me daba una medicina.", "es", "medicine")).toMatchObject({
      role: "target",
      clause: { text: "La Dra. López me daba una medicina" },
    });
    expect(roleOf("Estaba con el Sr. García en la iglesia.", "es", "church").clause.text).toBe(
      "Estaba con el Sr. García en la iglesia",
    );
  });

  it("quotes at most 14 whole words around the evidence", () => {
    const text =
      "We walked for hours along the old road past the farms and the mill until finally at the very end " +
      "of the valley a huge black horse stood waiting for us beside the gate of the ruined chapel near the river.";
    const clause = roleOf(text, "en", "horse").clause;
    expect(clause.text.split(" ").length).toBeLessThanOrEqual(14);
    expect(clause.text).toContain("horse");
    expect(text.slice(clause.start, clause.end)).toBe(clause.text);
    expect(text[clause.start - 1]).toMatch(/\s/);
  });
});

describe("sameness", () => {
  const long = Array.from({ length: 40 }, (_, i) =>
    i % 2
      ? "Mi perro Max me perseguía por la playa y luego me caí al agua, pero mi mamá me abrazaba."
      : "A tiger chased me through the house and my late father was singing in the garden.",
  )
    .join(" ")
    .slice(0, 5000);

  // Speed is measured by `npm run bench:engine`, not asserted here.
  it("analyses a 5,000-character dream the same way every time", () => {
    const symbols = engine.match(long, { language: "es" }).symbols;
    const first = analyseRoles(long, symbols, "es");
    expect(first.roles.size).toBeGreaterThan(0);
    expect(analyseRoles(long, symbols, "es")).toEqual(first);
  });
});

describe("done to the dreamer's body", () => {
  it.each([
    ["en", "A dog ran through the park and it bit my leg.", "attack"],
    ["en", "In the forest a wolf attacked my hand.", "attack"],
    ["es", "Un perro corría por el parque y me mordió la pierna.", "attack"],
  ] as const)("%s: %s -> the dreamer is the target", (language, text, key) => {
    expect(roleOf(text, language, key).role).toBe("target");
  });

  it("a body part of someone else is not the dreamer's", () => {
    expect(roleOf("A dog ran through the park and it bit his leg.", "en", "attack").role).not.toBe("target");
  });
});
