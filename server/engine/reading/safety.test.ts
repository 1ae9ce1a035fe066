import { describe, expect, it } from "vitest";
import type { CareKind } from "../../../contract/reading";
import type { Language } from "../morphology";
import { detectSafety } from "./safety";

const kindsOf = (text: string, language: Language): CareKind[] => detectSafety(text, language).kinds;

describe("detectSafety: each kind of sensitive content, in both languages", () => {
  it.each([
    // self-harm and suicide, first person or about someone
    ["en", "I stood on the bridge and thought about killing myself.", "self_harm"],
    ["en", "My cousin had tried to commit suicide and nobody told me.", "self_harm"],
    ["en", "In the dream I cut my wrists in the bathtub.", "self_harm"],
    ["en", "She overdosed on her mother's pills in a motel.", "self_harm"],
    ["en", "I jumped off the roof to die and woke up mid-air.", "self_harm"],
    ["es", "Soñé que me quería suicidar en la azotea.", "self_harm"],
    ["es", "Pensaba en quitarme la vida y nadie lo notaba.", "self_harm"],
    ["es", "Me corté las venas en el baño de la escuela.", "self_harm"],
    ["es", "Yo me quería matar y escribía una carta.", "self_harm"],
    ["es", "Me iba a tirar al vacío desde el balcón.", "self_harm"],
    ["es", "mi amigo se tomo todas las pastillas de su mama", "self_harm"],
    // sexual violence
    ["en", "A stranger raped me behind the gym.", "sexual_violence"],
    ["en", "My boss sexually assaulted me in the copy room.", "sexual_violence"],
    ["en", "He forced himself on me in the back seat.", "sexual_violence"],
    ["en", "A man kept groping me on the crowded train.", "sexual_violence"],
    ["es", "Un tipo me violó en el estacionamiento.", "sexual_violence"],
    ["es", "Sufrí un abuso sexual en una casa vacía.", "sexual_violence"],
    ["es", "Un señor me tocó sin permiso en el colectivo.", "sexual_violence"],
    ["es", "Me forzó y yo no podía gritar.", "sexual_violence"],
    // harm to children
    ["en", "A baby was drowning in the fountain and nobody moved.", "child_harm"],
    ["en", "Someone kidnapped my son from the playground.", "child_harm"],
    ["en", "The little girl was hit by a truck right in front of me.", "child_harm"],
    ["es", "Había un bebé ahogado en la tina.", "child_harm"],
    ["es", "Secuestraron a mi hija en el mercado.", "child_harm"],
    ["es", "Un niño estaba herido en medio de la calle.", "child_harm"],
    ["es", "Alguien golpeaba a los niños en el patio.", "child_harm"],
    // hanging and strangling
    ["en", "There was a noose hanging from the attic beam.", "hanging_strangling"],
    ["en", "A shadow was strangling me while I lay in bed.", "hanging_strangling"],
    ["en", "I saw a man hanged in the town square.", "hanging_strangling"],
    ["es", "Vi a un hombre ahorcado en el granero.", "hanging_strangling"],
    ["es", "Alguien me estrangulaba con una cuerda.", "hanging_strangling"],
    ["es", "Lo llevaban a la horca en la plaza.", "hanging_strangling"],
    ["es", "Un cuerpo colgado del cuello se mecía en el árbol.", "hanging_strangling"],
    // pregnancy loss
    ["en", "I had a miscarriage on the bus.", "pregnancy_loss"],
    ["en", "The doctor said the baby was stillborn.", "pregnancy_loss"],
    ["en", "I lost the baby at twelve weeks in the dream.", "pregnancy_loss"],
    ["es", "Tuve un aborto espontáneo en la oficina.", "pregnancy_loss"],
    ["es", "Soñé que perdí al bebé y había sangre.", "pregnancy_loss"],
    ["es", "En la ecografía no había latido.", "pregnancy_loss"],
    // the death of someone alive in waking life
    ["en", "My father died in a car accident.", "death_of_living"],
    ["en", "My girlfriend was killed by a stranger on the beach.", "death_of_living"],
    ["en", "I was at my sister's funeral and everyone wore white.", "death_of_living"],
    ["en", "Someone shot my best friend at the party.", "death_of_living"],
    ["es", "Soñé que se murió mi mamá en el hospital.", "death_of_living"],
    ["es", "Mi esposo estaba muerto en la cocina.", "death_of_living"],
    ["es", "Mataron a mi hermano en la esquina.", "death_of_living"],
    ["es", "Estábamos en el velorio de mi papá.", "death_of_living"],
    ["es", "mi abuelita se murio en mis brazos", "death_of_living"],
  ] as const)("%s: %s -> %s", (language, text, kind) => {
    expect(kindsOf(text, language)).toContain(kind);
  });

  it("reads the Spanish of Spain, Mexico, the Caribbean and the River Plate, with or without accents", () => {
    expect(kindsOf("Soñe que mi vieja se moria y yo no llegaba al hospital.", "es")).toEqual([
      "death_of_living",
    ]);
    expect(kindsOf("Soñé que mi mai se murió en la guagua.", "es")).toEqual(["death_of_living"]);
    expect(kindsOf("Me aventé al vacío desde el puente.", "es")).toEqual(["self_harm"]);
    expect(kindsOf("Unos chamacos estaban muertos en la carretera.", "es")).toEqual(["child_harm"]);
    expect(kindsOf("He soñado que a mi crío le atropellaban; estaba herido.", "es")).toContain("child_harm");
  });

  it("follows 'he', 'she' and a Spanish verb without subject back to the person they stand for", () => {
    expect(kindsOf("My dad walked into the sea. Later he was dead on the sand.", "en")).toEqual([
      "death_of_living",
    ]);
    expect(kindsOf("My toddler ran to the road and he was hit by a car.", "en")).toEqual(["child_harm"]);
    expect(kindsOf("Mi novia cruzaba la calle y se murió ahí mismo.", "es")).toEqual(["death_of_living"]);
    // Someone who is not the dreamer's, or an animal, is not a death of the dreamer's own.
    expect(kindsOf("A stranger sat beside my mom. Then he was dead on the floor.", "en")).toEqual([]);
    expect(kindsOf("Mi abuelo mató una culebra y luego ya estaba muerta.", "es")).toEqual([]);
  });

  it("reports several kinds in the order of CARE_KINDS, with the words that triggered each", () => {
    const text = "My brother hanged himself and I found my baby strangled in the crib.";
    const safety = detectSafety(text, "en");
    expect(safety.kinds).toEqual(["self_harm", "child_harm", "hanging_strangling", "death_of_living"]);
    expect(safety.evidence.self_harm?.text).toBe("hanged himself");
    const evidence = safety.evidence.child_harm;
    expect(evidence && text.slice(evidence.start, evidence.end)).toBe(evidence?.text);
  });

  it("keeps the dream's own offsets when the text has accents, capitals and curly quotes", () => {
    const text = "ÉL SOÑÓ… “Mi mamá se murió” — y después me desperté.";
    const evidence = detectSafety(text, "es").evidence.death_of_living;
    expect(evidence?.text).toBe("Mi mamá se murió");
  });

  it("counts sexual violence against the dreamer as a child as harm to a child too", () => {
    expect(kindsOf("He molested me when I was seven.", "en")).toEqual(["sexual_violence", "child_harm"]);
    expect(kindsOf("Cuando era niña un vecino abusaba de mí.", "es")).toEqual([
      "sexual_violence",
      "child_harm",
    ]);
  });
});

describe("detectSafety: near misses stay out of the care path", () => {
  it.each([
    ["en", "We were dying of laughter at the wedding."],
    ["en", "I was dying to tell my mom about the new job."],
    ["en", "I killed it on stage and the crowd cheered."],
    ["en", "I was killing myself laughing at his jokes."],
    ["en", "We hung out at the mall and I hung the picture in my room."],
    ["en", "I choked on a laugh when the teacher fell asleep."],
    ["en", "My sister threw a baby shower with pink balloons."],
    ["en", "My son and I were killing zombies in a video game."],
    ["en", "I was dead tired after the marathon and my dad drove me home."],
    ["en", "My friend's cat died and we buried it in the garden."],
    ["en", "I cut myself on a broken glass while washing up."],
    ["en", "I jumped off the cliff into the warm sea with my cousins."],
    ["en", "I was so embarrassed I wanted to die."],
    ["en", "I didn't want to die, so I ran out of the burning house."],
    ["en", "My grandmother, who passed away last year, was baking bread."],
    ["en", "My late husband was dancing in the kitchen."],
    ["en", "My dad died when I was nine; in the dream he was fishing with me."],
    ["es", "Me moría de risa con mis primas en la fiesta."],
    ["es", "Estaba colgando la ropa en el patio."],
    ["es", "Colgué un cuadro en la sala y mi novio lo miraba."],
    ["es", "Mi hijo jugaba con el perro en el parque."],
    ["es", "Jugábamos al ahorcado en el pizarrón."],
    ["es", "Estaba muerta de cansancio y mi papá me preparó café."],
    ["es", "Un hombre me quería matar y yo corría por el bosque."],
    ["es", "Me rapé la cabeza y a mi mamá le encantó."],
    ["es", "Me tiré a la pileta con mis amigos."],
    ["es", "Me corté el pelo muy corto."],
    ["es", "Mi abuela, que en paz descanse, me abrazaba en su cocina."],
    ["es", "Soñé con mi abuelo, que falleció hace tres años, y estaba sonriendo."],
    ["es", "Mi difunto esposo me hablaba desde la ventana."],
    ["es", "El perro de mi amiga murió y lloramos juntas."],
    ["es", "Mi hijo y yo matábamos zombis en un videojuego."],
    ["es", "Se me murió la batería del celular y no podía llamar a mi mamá."],
    ["es", "Trabajo desde casa con mi hija colgada del cuello todo el día."],
    ["es", "Me lancé al vacío y empecé a volar sobre los tejados."],
    ["es", "Pensé: así me voy a morir, encerrada en el ascensor."],
  ] as const)("%s: %s", (language, text) => {
    expect(kindsOf(text, language)).toEqual([]);
  });

  it("does not read a negation as harm", () => {
    expect(kindsOf("The baby was not hurt, just scared.", "en")).toEqual([]);
    expect(kindsOf("She wasn't raped, thank God, they only took her bag.", "en")).toEqual([]);
    expect(kindsOf("El niño no estaba herido, solo asustado.", "es")).toEqual([]);
  });

  // Speed is measured by `npm run bench:engine`, not asserted here.
  it("finds nothing in a long, harmless 5,000-character dream full of relatives and pronouns", () => {
    const dream =
      "My mother and my brother walked with the kids and he said she was tired. Mi mamá y mi hermano caminaban con los niños y él dijo que ella estaba cansada. ".repeat(
        40,
      );
    expect(detectSafety(dream.slice(0, 5000), "en").kinds).toEqual([]);
  });
});

describe("detectSafety: the dreamer's own animals and children in mortal danger", () => {
  it.each([
    ["en", "My guide dog Bruno was shot dead on the platform.", "death_of_living"],
    ["en", "Someone poisoned my cat and left her by the gate.", "death_of_living"],
    ["en", "A delivery van ran over my old dog in our driveway.", "death_of_living"],
    ["es", "Mi perro se murió atropellado en la avenida.", "death_of_living"],
    ["es", "Alguien envenenó a mi gata Luna.", "death_of_living"],
    ["es", "A mi caballo lo balearon en el potrero.", "death_of_living"],
    ["en", "The children were trapped in the burning house and I could not reach them.", "child_harm"],
    ["en", "My daughter was drowning in the lake while I ran along the shore.", "child_harm"],
    ["en", "My son fell from the balcony of the hotel.", "child_harm"],
    ["en", "A man grabbed my little girl and drove off with her.", "child_harm"],
    ["en", "My baby was locked in a burning car.", "child_harm"],
    ["en", "The house was on fire and the kids were trapped upstairs.", "child_harm"],
    ["es", "Los niños estaban atrapados en un incendio y yo gritaba.", "child_harm"],
    ["es", "Mi hija se ahogaba en la alberca.", "child_harm"],
    ["es", "Mi hijo jugaba en la plaza y un hombre se lo llevó en una camioneta.", "child_harm"],
    ["es", "Mi nene se caía del balcón y yo no llegaba.", "child_harm"],
    ["es", "No pude sacar a mis hijos del coche en llamas.", "child_harm"],
    ["es", "En el galpón en llamas quedaron dos nenas atrapadas.", "child_harm"],
  ] as const)("%s: %s -> %s", (language, text, kind) => {
    expect(kindsOf(text, language)).toEqual([kind]);
  });

  it.each([
    ["en", "A stranger's dog was barking at me all night."],
    ["en", "I was shooting zombie dogs in a video game."],
    ["en", "My dog was killing it at the show and everyone clapped."],
    ["en", "My cat was dying to go outside."],
    ["en", "My dog who died two years ago was running in a field and then he died again."],
    ["en", "My son played near the lake, safe and happy, skipping stones."],
    ["en", "The kids were watching the fireworks from the roof."],
    ["en", "I took my son to school and my daughter stole a cookie."],
    ["es", "El perro del vecino ladraba toda la noche."],
    ["es", "Mi gato se moría de ganas de salir al patio."],
    ["es", "Mi perrita, que murió hace un año, estaba muerta otra vez en el sueño."],
    ["es", "Mis papás se llevaron a los niños al parque."],
    ["es", "Mi hijo jugaba en la orilla del río y estaba feliz."],
  ] as const)("stays ordinary: %s: %s", (language, text) => {
    expect(kindsOf(text, language)).toEqual([]);
  });
});

describe("detectSafety: a pet called by its name, a relative in mortal danger, killing on a mass scale", () => {
  it.each([
    // The dreamer's pet named once, then harmed by its name alone or by "her".
    ["en", "I was taken hostage with my guide dog Sammy. The men laughed and shot Sammy.", "death_of_living"],
    ["en", "Sammy, my guide dog, was with me. Then a man shot her and I wept.", "death_of_living"],
    [
      "es",
      "Iba con mi perra guía Luna y unos hombres le dispararon. Mataron a Luna delante de mí.",
      "death_of_living",
    ],
    [
      "es",
      "Nos secuestraron a mí y a mi perra lazarillo, Canela. Me dijeron que habían matado a Canela.",
      "death_of_living",
    ],
    [
      "en",
      "I was held hostage with my dog guide. Later they told me they had shot the dog guide.",
      "death_of_living",
    ],
    [
      "en",
      "I was taken hostage with my guide dog. The men laughed and said they had killed the dog.",
      "death_of_living",
    ],
    [
      "es",
      "Iba con mi perro guía por el banco. Los ladrones se reían y mataron al perro.",
      "death_of_living",
    ],
    ["en", "My husband Greg went outside. A stranger killed him in the rain.", "death_of_living"],
    ["en", "My sister was on the bridge and I watched as they killed her.", "death_of_living"],
    ["es", "Mi perro Toby estaba conmigo y unos hombres lo mataron.", "death_of_living"],
    // A living relative drowning or nearly killed, even when the dreamer saves them.
    ["en", "My father was drowning in the river and I pulled him out.", "death_of_living"],
    ["en", "My father slipped off the pier. He was drowning and my uncles kept dancing.", "death_of_living"],
    ["en", "I pulled my father out of the water while everyone watched.", "death_of_living"],
    ["en", "My mother was almost killed by a falling tree.", "death_of_living"],
    ["es", "Mi papá casi se ahoga en la playa y nadie hacía nada.", "death_of_living"],
    ["es", "Mi padre se cayó del muelle. Se estaba ahogando y mis tíos seguían bailando.", "death_of_living"],
    ["es", "Saqué a mi padre del agua yo sola.", "death_of_living"],
    ["es", "A mi hermano lo estaban matando y yo no podía hacer nada.", "death_of_living"],
    // The dreamer's child in the same danger is harm to a child.
    ["en", "I pulled my son out of the river just in time.", "child_harm"],
    ["es", "Mi hijo casi se ahoga en el mar y lo saqué.", "child_harm"],
    // Children among the many killed.
    ["en", "A huge wave came and killed all the children on the beach.", "child_harm"],
    ["en", "It was a massacre; the children from the parade were caught in it.", "child_harm"],
    ["es", "Una ola gigante mató a todos los niños de la playa.", "child_harm"],
    ["es", "Fue una masacre en el pueblo; había niños por todos lados.", "child_harm"],
  ] as const)("%s: %s -> %s", (language, text, kind) => {
    expect(kindsOf(text, language)).toEqual([kind]);
  });

  it.each([
    // A pet dead in waking life, alive in the dream.
    ["en", "My dog died years ago and in the dream he was alive and happy."],
    ["en", "My cat Kiwi died years ago; in the dream Kiwi was purring on my lap."],
    ["es", "Mi perro murió hace años y en el sueño estaba vivo y feliz."],
    ["es", "Mi gata Kiwi murió hace años; en el sueño Kiwi ronroneaba en mi regazo."],
    // "The dog" is the dreamer's only when no other dog is in the dream.
    ["en", "My dog sat with me. The neighbour's dog barked and the police shot the dog."],
    ["es", "Mi perro estaba conmigo. Un perro salió del callejón y un hombre mató al perro."],
    ["en", "My dog died years ago. In the dream the dog was alive and happy."],
    // The dreamer kills a monster or an attacker, not their own.
    ["en", "I killed the zombie with a shovel and my dad cheered."],
    ["en", "A man attacked my mom, so I shot him."],
    ["es", "Maté al zombi con una pala y mi papá aplaudía."],
    ["es", "Un hombre atacó a mi mamá y yo lo maté."],
    ["en", "Greg, my husband, was snoring and I was so mad I could have killed him."],
    ["en", "My friend Marcus went out to the bear and I was sure the bear was going to kill him."],
    // Fiction, idioms, a name that is only a name.
    ["en", "We were playing a video game where my brother drowned in the lava level."],
    ["en", "My dad and I were watching a film where a man drowned."],
    ["es", "Jugábamos un videojuego donde mi hermano se ahogaba en el nivel del agua."],
    ["en", "My sister was drowning in paperwork at her new job."],
    ["es", "Mi papá se ahoga en un vaso de agua cuando pierde las llaves."],
    ["es", "Mi hermana se ahogaba de risa."],
    ["en", "My sister Ana was swimming. Then Ana waved at me from the boat."],
    ["es", "Mi hermana Ana nadaba. Luego Ana me saludaba desde el barco."],
    // Many killed, none of them children nor the dreamer's own: no care kind.
    ["en", "A wave of coloured glass killed many people in the street and I was shaken."],
    ["es", "Una ola de vidrio de colores mataba a mucha gente y yo estaba temblando."],
    ["en", "It was a massacre of a game, we lost ten to nothing, and the kids cheered anyway."],
  ] as const)("stays ordinary: %s: %s", (language, text) => {
    expect(kindsOf(text, language)).toEqual([]);
  });
});

describe("detectSafety: mass or graphic violence, with no care kind of its own", () => {
  const violence = (text: string, language: Language) => detectSafety(text, language).violence;

  it.each([
    ["en", "It was a massacre in the village square and I hid under a cart."],
    ["en", "A man walked into the mall and started shooting people; there were bodies everywhere."],
    ["en", "The gunman opened fire in the train station."],
    ["en", "Bombs were falling on the city and killing people in the streets."],
    ["en", "I was in a war and there were dead soldiers all along the trench."],
    ["en", "There was a massacre and I woke up screaming."],
    ["en", "It was like a war movie, bodies everywhere in the street."],
    ["es", "Soñé con una masacre en el pueblo."],
    ["es", "Hubo una matanza en la plaza y yo me escondía."],
    ["es", "Había cadáveres en la calle y yo corría."],
    ["es", "Caían bombas y mataban a la gente en las calles."],
    ["es", "Un hombre disparaba a la gente en el centro comercial."],
    ["es", "Estábamos en la guerra y había muertos por todos lados."],
  ] as const)("%s: %s", (language, text) => {
    const safety = detectSafety(text, language);
    expect(safety.violence).toBe(true);
    expect(safety.kinds).toEqual([]);
  });

  it.each([
    // Idioms, sport and a farm.
    ["en", "I killed it on stage and the crowd went wild."],
    ["en", "She killed everyone with her jokes at the party."],
    ["en", "It was a massacre of a game, we lost ten to nothing."],
    ["en", "We slaughtered them in the match and the coach cheered."],
    ["en", "The war between my two aunts over the recipe was endless."],
    ["es", "Mi amigo me mató de risa con sus chistes."],
    ["es", "En el pueblo de mis abuelos hacían la matanza del cerdo cada invierno."],
    ["es", "Estaba muerta de cansancio después de la guerra de almohadas."],
    // A film or a game.
    ["en", "We were watching a war movie where soldiers were killed on a beach."],
    ["en", "I was playing a shooter game and shooting people in the streets."],
    ["es", "Veíamos una película de guerra con muchos muertos."],
    // A waking remark: the news, or after waking up.
    ["en", "I saw the news about a massacre before bed, and then I dreamed of a quiet lake."],
    ["en", "When I woke up I read about a shooting spree in another city."],
    ["es", "En las noticias hablaban de una masacre; luego soñé con un lago tranquilo."],
    ["es", "Cuando me desperté leí sobre un tiroteo en otra ciudad."],
    // A dated fact of waking life.
    ["en", "My buddy Eddie died in the war in December of 1950. In the dream he sat by a fire."],
    ["es", "Mi abuelo murió en la guerra hace muchos años; en el sueño me sonreía."],
  ] as const)("stays ordinary: %s: %s", (language, text) => {
    expect(violence(text, language)).toBe(false);
  });

  it("is set beside a care kind when the dreamer's own die in it", () => {
    const safety = detectSafety("There was a massacre at the market and my brother was killed.", "en");
    expect(safety.kinds).toEqual(["death_of_living"]);
    expect(safety.violence).toBe(true);
  });
});
