import type { MoodFamily, Theme } from "../lexicon/schema";
import type { Language } from "../morphology";
import { toReaderVoice } from "./lexicon-voice";
import type { DreamerRole, EmotionAnalysis, EmotionKind } from "./types";

/**
 * The one practice a reading offers, chosen by the dream's mood: the top theme's own technique when it suits
 * that mood, otherwise a practice written for the mood. A fearful dream gets rehearsal or grounding, never a
 * "play appointment"; a care reading gets only calm, gentle practices.
 */

export interface PracticeText {
  name: string;
  description: string;
  instructions: string;
}

interface Practice {
  moods: readonly MoodFamily[];
  /** Light-hearted: only for light or neutral dreams. */
  playful: boolean;
  /** Calm and gentle enough for a dream that touched something painful (grounding, breath, company). */
  care: boolean;
  /** Made for a dream whose central image is of these lexicon categories ("people", "place"). */
  kinds?: readonly string[];
  /** Made for a dream where the dreamer plays this part with its central image. */
  roles?: readonly DreamerRole[];
  en: PracticeText;
  es: PracticeText;
}

const PRACTICES: readonly Practice[] = [
  {
    moods: ["fear"],
    playful: false,
    care: false,
    en: {
      name: "Rewrite the Ending",
      description:
        "Imagery rehearsal: give the dream a new ending and practise it during the day, so your mind has another way through.",
      instructions:
        "1. Write the dream down in a few lines, in the present tense. 2. Choose the moment where it turns bad and change what happens from there: a door opens, help arrives, you find your voice. 3. Write the new ending in detail: what you see, hear and feel. 4. Rehearse the new version in your mind for five minutes a day, at a calm moment, for a week.",
    },
    es: {
      name: "Reescribe el final",
      description:
        "Ensayo en imaginación: dale al sueño un final nuevo y practícalo durante el día, para que tu mente tenga otro camino.",
      instructions:
        "1. Escribe el sueño en pocas líneas, en presente. 2. Elige el momento en que se tuerce y cambia lo que ocurre a partir de ahí: se abre una puerta, llega ayuda, encuentras tu voz. 3. Escribe el final nuevo con detalle: lo que ves, oyes y sientes. 4. Repasa la versión nueva en tu mente cinco minutos al día, en un momento de calma, durante una semana.",
    },
  },
  {
    moods: ["fear", "anger", "sadness", "shame", "confusion"],
    playful: false,
    care: true,
    en: {
      name: "Grounding 5-4-3-2-1",
      description:
        "A short exercise that brings you back to the room and the present moment after an intense dream.",
      instructions:
        "1. Sit up and put both feet on the floor. 2. Name five things you can see. 3. Name four things you can touch, and touch them. 4. Name three things you can hear. 5. Name two things you can smell. 6. Name one thing you can taste. 7. Breathe out slowly and tell yourself: I am here, and it is today.",
    },
    es: {
      name: "Anclaje 5-4-3-2-1",
      description:
        "Un ejercicio breve que te devuelve a la habitación y al momento presente después de un sueño intenso.",
      instructions:
        "1. Siéntate y apoya los dos pies en el suelo. 2. Nombra cinco cosas que puedes ver. 3. Nombra cuatro cosas que puedes tocar, y tócalas. 4. Nombra tres cosas que puedes oír. 5. Nombra dos cosas que puedes oler. 6. Nombra una cosa que puedes saborear. 7. Suelta el aire despacio y dite: estoy aquí y es hoy.",
    },
  },
  {
    moods: ["fear", "anger", "sadness", "shame", "confusion", "calm"],
    playful: false,
    care: true,
    en: {
      name: "Slow Breathing",
      description: "Long out-breaths tell the body that the danger has passed.",
      instructions:
        "1. Sit or lie down comfortably with a hand on your belly. 2. Breathe in through your nose for a count of four. 3. Breathe out gently through your mouth for a count of six. 4. Continue for three to five minutes, letting your shoulders drop on each out-breath.",
    },
    es: {
      name: "Respiración lenta",
      description: "Las exhalaciones largas le indican al cuerpo que el peligro ya pasó.",
      instructions:
        "1. Siéntate o recuéstate con comodidad, con una mano sobre el vientre. 2. Inhala por la nariz contando hasta cuatro. 3. Exhala suavemente por la boca contando hasta seis. 4. Sigue así de tres a cinco minutos y deja caer los hombros en cada exhalación.",
    },
  },
  {
    moods: ["fear", "sadness", "anger", "shame"],
    playful: false,
    care: true,
    en: {
      name: "Tell Someone You Trust",
      description: "Saying a heavy dream out loud to a safe person makes it lighter to carry.",
      instructions:
        "1. Choose someone you trust: a friend, a relative, a therapist. 2. Tell them the dream simply, as much or as little as you want. 3. Say how it left you feeling. 4. If the feeling stays with you for days, consider talking to a professional.",
    },
    es: {
      name: "Cuéntaselo a alguien de confianza",
      description: "Decir en voz alta un sueño pesado a una persona segura lo hace más ligero de llevar.",
      instructions:
        "1. Elige a alguien de confianza: una amistad, un familiar, una persona profesional. 2. Cuéntale el sueño con sencillez, tanto o tan poco como quieras. 3. Dile cómo te dejó. 4. Si la sensación te acompaña durante días, considera hablar con una persona profesional.",
    },
  },
  {
    moods: ["fear", "sadness", "anger", "shame"],
    playful: false,
    care: true,
    en: {
      name: "Write It Down and Set It Aside",
      description: "Putting the dream on paper lets your mind stop holding it.",
      instructions:
        "1. Write the dream as it was, without judging it. 2. Add one line about how you feel now. 3. Close the notebook or fold the page and put it away. 4. Do something simple and pleasant for a few minutes: a glass of water, a window, a song.",
    },
    es: {
      name: "Escríbelo y déjalo a un lado",
      description: "Poner el sueño en papel permite que la mente deje de sostenerlo.",
      instructions:
        "1. Escribe el sueño tal como fue, sin juzgarlo. 2. Añade una línea sobre cómo te sientes ahora. 3. Cierra el cuaderno o dobla la hoja y guárdala. 4. Haz algo sencillo y agradable durante unos minutos: un vaso de agua, una ventana, una canción.",
    },
  },
  {
    moods: ["sadness", "shame"],
    playful: false,
    care: false,
    en: {
      name: "A Compassionate Letter",
      description:
        "A letter to yourself in the voice of someone who loves you, for the sadness the dream stirred.",
      instructions:
        "1. Think of a kind friend who knows everything you are going through. 2. Write to yourself in their voice: what they see, what they understand, what they would say. 3. Include one thing they would want you to do for yourself today. 4. Read the letter slowly, then keep it somewhere you can find it again.",
    },
    es: {
      name: "Una carta compasiva",
      description:
        "Una carta para ti con la voz de alguien que te quiere, para la tristeza que despertó el sueño.",
      instructions:
        "1. Piensa en una amistad cariñosa que conoce todo lo que estás viviendo. 2. Escríbete con su voz: lo que ve, lo que entiende, lo que te diría. 3. Incluye algo que querría que hicieras por ti hoy. 4. Lee la carta despacio y guárdala donde puedas encontrarla otra vez.",
    },
  },
  {
    moods: ["sadness"],
    playful: false,
    care: false,
    en: {
      name: "A Walk with a Memory",
      description: "A quiet walk in the company of what the dream brought back.",
      instructions:
        "1. Go for a fifteen-minute walk without headphones. 2. Bring to mind the person, place or time the dream brought back. 3. On each stretch of the walk, recall one detail: a voice, a smell, a phrase. 4. At the end, name one thing from that memory you want to carry with you.",
    },
    es: {
      name: "Un paseo con un recuerdo",
      description: "Un paseo tranquilo en compañía de lo que el sueño te trajo de vuelta.",
      instructions:
        "1. Sal a caminar quince minutos, sin auriculares. 2. Trae a la mente la persona, el lugar o la época que el sueño te devolvió. 3. En cada tramo del paseo, recuerda un detalle: una voz, un olor, una frase. 4. Al final, nombra algo de ese recuerdo que quieres llevar contigo.",
    },
  },
  {
    moods: ["anger"],
    playful: false,
    care: false,
    en: {
      name: "Write It Unsent, Then Name the Need",
      description: "Anger carries information: writing it freely shows what it is protecting.",
      instructions:
        "1. Write a letter to whoever or whatever angered you in the dream, saying everything, without softening it. 2. Do not send it. 3. Read it back and underline the sentence with the most heat. 4. Beneath it, complete: 'What I needed was…'. 5. Choose one fair way to ask for that need this week.",
    },
    es: {
      name: "Escríbelo sin enviarlo y nombra la necesidad",
      description: "La rabia trae información: escribirla con libertad muestra qué está protegiendo.",
      instructions:
        "1. Escribe una carta a quien o a lo que despertó tu rabia en el sueño, diciéndolo todo, sin suavizarlo. 2. No la envíes. 3. Reléela y subraya la frase con más fuego. 4. Debajo, completa: «Lo que necesitaba era…». 5. Elige una forma justa de pedir eso esta semana.",
    },
  },
  {
    moods: ["shame"],
    playful: false,
    care: false,
    en: {
      name: "Self-Compassion Pause",
      description: "Three sentences that meet shame or guilt with kindness instead of judgement.",
      instructions:
        "1. Put a hand on your chest and feel its warmth. 2. Say quietly: 'This is a hard moment.' 3. Then: 'Everyone feels this way sometimes; I am not alone in it.' 4. Then: 'May I be as kind to myself as I would be to a friend.' 5. If there is something to repair, write one small, concrete step.",
    },
    es: {
      name: "Pausa de autocompasión",
      description: "Tres frases que reciben la vergüenza o la culpa con amabilidad en lugar de juicio.",
      instructions:
        "1. Pon una mano sobre el pecho y siente su calor. 2. Di en voz baja: «Este es un momento difícil». 3. Luego: «Todo el mundo se siente así alguna vez; no me pasa solo a mí». 4. Luego: «Que pueda tratarme con la misma amabilidad que a una persona querida». 5. Si hay algo que reparar, escribe un paso pequeño y concreto.",
    },
  },
  {
    moods: ["joy"],
    playful: false,
    care: false,
    en: {
      name: "Savour the Best Moment",
      description: "Replaying a good moment of the dream lets its feeling reach your waking day.",
      instructions:
        "1. Recall the best moment of the dream in detail: the light, the faces, the sounds. 2. Stay with it for one minute and notice where you feel it in your body. 3. Name the quality it carries: warmth, freedom, tenderness, courage. 4. Choose one moment today to bring that quality into.",
    },
    es: {
      name: "Saborea el mejor momento",
      description: "Revivir un buen momento del sueño deja que su sensación llegue a tu día.",
      instructions:
        "1. Recuerda con detalle el mejor momento del sueño: la luz, los rostros, los sonidos. 2. Quédate con él un minuto y nota en qué parte del cuerpo lo sientes. 3. Nombra la cualidad que trae: calidez, libertad, ternura, valentía. 4. Elige un momento de hoy al que llevar esa cualidad.",
    },
  },
  {
    moods: ["joy", "calm"],
    playful: true,
    care: false,
    en: {
      name: "Title and Soundtrack",
      description: "A playful way to keep a good dream close: give it a title and the song that fits it.",
      instructions:
        "1. Give the dream a title, as if it were a film. 2. Choose the song that would play over its best scene. 3. Listen to that song once today. 4. Notice what it makes you want to do.",
    },
    es: {
      name: "Título y banda sonora",
      description: "Una forma lúdica de guardar cerca un buen sueño: ponle un título y la canción que le va.",
      instructions:
        "1. Ponle un título al sueño, como si fuera una película. 2. Elige la canción que sonaría en su mejor escena. 3. Escúchala una vez hoy. 4. Fíjate en lo que te dan ganas de hacer.",
    },
  },
  {
    moods: ["calm", "confusion", "joy"],
    playful: false,
    care: false,
    en: {
      name: "Morning Recall",
      description: "A habit that makes dreams easier to remember and to understand.",
      instructions:
        "1. Keep a notebook and something to write with by your bed. 2. On waking, keep still for a moment with your eyes closed. 3. Go back through the dream from the end to the beginning. 4. Write key words first, then the story. 5. Add one line about how you felt when you woke.",
    },
    es: {
      name: "Recuerdo al despertar",
      description: "Un hábito que hace los sueños más fáciles de recordar y de entender.",
      instructions:
        "1. Deja un cuaderno y algo para escribir junto a la cama. 2. Al despertar, no te muevas durante un momento y mantén los ojos cerrados. 3. Recorre el sueño desde el final hasta el principio. 4. Escribe primero palabras clave y después la historia. 5. Añade una línea sobre cómo te sentías al despertar.",
    },
  },
  {
    moods: ["calm", "joy", "confusion"],
    playful: false,
    care: false,
    en: {
      name: "Draw the Central Image",
      description: "Drawing the image that stayed with you slows it down enough to hear it.",
      instructions:
        "1. Choose the image that stayed with you most. 2. Draw it for ten minutes, however simply: skill does not matter. 3. Add colours or words that come to mind. 4. Write one sentence under it that begins: 'This is the part of me that…'.",
    },
    es: {
      name: "Dibuja la imagen central",
      description: "Dibujar la imagen que más se te quedó la detiene lo bastante para escucharla.",
      instructions:
        "1. Elige la imagen que más se te quedó. 2. Dibújala durante diez minutos, aunque sea de forma sencilla: la técnica no importa. 3. Añade colores o palabras que te vengan a la mente. 4. Escribe debajo una frase que empiece por «Esta es la parte de mí que…».",
    },
  },
  {
    moods: ["confusion", "calm"],
    playful: false,
    care: false,
    en: {
      name: "Dialogue with the Image",
      description: "When a dream puzzles you, ask its images directly.",
      instructions:
        "1. Pick the image that puzzles you most. 2. Write a question to it: 'Why are you here?' or 'What do you want me to see?'. 3. Answer in its voice, writing quickly without correcting. 4. Ask two more questions the same way. 5. Underline the answer that surprises you.",
    },
    es: {
      name: "Diálogo con la imagen",
      description: "Cuando un sueño te desconcierta, pregúntale directamente a sus imágenes.",
      instructions:
        "1. Elige la imagen que más te desconcierta. 2. Escríbele una pregunta: «¿Por qué estás aquí?» o «¿Qué quieres que vea?». 3. Responde con su voz, escribiendo rápido y sin corregir. 4. Haz dos preguntas más de la misma manera. 5. Subraya la respuesta que te sorprenda.",
    },
  },
  {
    moods: ["calm", "joy", "confusion", "sadness", "anger", "shame"],
    playful: false,
    care: false,
    kinds: ["people"],
    en: {
      name: "What You Would Say",
      description: "Words left unsaid in a dream often belong to someone in your waking life.",
      instructions:
        "1. Picture the person from the dream as they were in it. 2. Write the one thing you would have liked to say to them. 3. Write what you imagine they would answer. 4. Ask yourself whom in your waking life this exchange is really about.",
    },
    es: {
      name: "Lo que le dirías",
      description:
        "Las palabras que quedan sin decir en un sueño suelen ser para alguien de tu vida despierta.",
      instructions:
        "1. Imagina a la persona del sueño tal como estaba en él. 2. Escribe lo único que te habría gustado decirle. 3. Escribe lo que imaginas que te respondería. 4. Pregúntate a quién de tu vida despierta se refiere de verdad este intercambio.",
    },
  },
  {
    moods: ["calm", "joy", "confusion", "sadness", "fear"],
    playful: false,
    care: false,
    kinds: ["place"],
    en: {
      name: "Walk Back Into the Place",
      description: "A dream's place often stands for a situation you are in.",
      instructions:
        "1. Close your eyes and stand again in the place of the dream. 2. Name three details of it: a light, a sound, a texture. 3. Notice which corner you would rather not look at, and look there for a moment. 4. Write one line about what in your life feels like this place.",
    },
    es: {
      name: "Vuelve a entrar en el lugar",
      description: "El lugar de un sueño suele representar una situación en la que estás.",
      instructions:
        "1. Cierra los ojos y vuelve a situarte en el lugar del sueño. 2. Nombra tres detalles: una luz, un sonido, una textura. 3. Fíjate en qué rincón preferirías no mirar, y míralo un momento. 4. Escribe una línea sobre qué parte de tu vida se parece a ese lugar.",
    },
  },
  {
    moods: ["calm", "joy", "confusion", "fear", "anger"],
    playful: false,
    care: false,
    kinds: ["animal"],
    en: {
      name: "Ask the Animal",
      description: "An animal in a dream often carries an instinct asking for room.",
      instructions:
        "1. Picture the animal of the dream, at a safe distance. 2. Notice how it moves, how it breathes, where it is looking. 3. Ask it what it needs, and write the first answer that comes. 4. Name one way you could give yourself some of that this week.",
    },
    es: {
      name: "Pregúntale al animal",
      description: "Un animal en un sueño suele traer un instinto que pide espacio.",
      instructions:
        "1. Imagina al animal del sueño, a una distancia segura. 2. Fíjate en cómo se mueve, cómo respira, hacia dónde mira. 3. Pregúntale qué necesita y escribe la primera respuesta que llegue. 4. Nombra una forma de darte un poco de eso esta semana.",
    },
  },
  {
    moods: ["calm", "joy", "confusion", "sadness"],
    playful: false,
    care: false,
    kinds: ["object"],
    en: {
      name: "Keep the Object in View",
      description: "An object from a dream, kept in sight, keeps its question open.",
      instructions:
        "1. Find a real thing that resembles the object of the dream, or draw it on a card. 2. Keep it where you will see it for three days. 3. Each time you notice it, ask what it is for in your life right now. 4. On the third day, write down the answer that kept coming back.",
    },
    es: {
      name: "Ten el objeto a la vista",
      description: "Un objeto del sueño, a la vista, mantiene abierta su pregunta.",
      instructions:
        "1. Busca algo real que se parezca al objeto del sueño, o dibújalo en una tarjeta. 2. Déjalo donde lo veas durante tres días. 3. Cada vez que lo notes, pregúntate para qué te sirve hoy en tu vida. 4. El tercer día, anota la respuesta que más se repitió.",
    },
  },
  {
    moods: ["calm", "joy", "confusion", "sadness", "fear"],
    playful: false,
    care: false,
    kinds: ["nature"],
    en: {
      name: "Ten Minutes with the Element",
      description: "Meeting the dream's element while awake lets its mood settle in the body.",
      instructions:
        "1. Find the element of the dream in waking life: water, sky, a tree, the wind, even a photo of it. 2. Spend ten minutes with it, without your phone. 3. Notice what it does to your breathing and your thoughts. 4. Write one sentence about what you would like to take from it.",
    },
    es: {
      name: "Diez minutos con el elemento",
      description: "Encontrar en la vigilia el elemento del sueño deja que su ánimo se asiente en el cuerpo.",
      instructions:
        "1. Busca el elemento del sueño en la vida despierta: agua, cielo, un árbol, el viento, incluso una foto. 2. Pasa diez minutos con él, sin el móvil. 3. Fíjate en lo que le hace a tu respiración y a tus pensamientos. 4. Escribe una frase sobre lo que te gustaría llevarte de él.",
    },
  },
  {
    moods: ["calm", "joy", "confusion", "anger"],
    playful: false,
    care: false,
    roles: ["agent"],
    en: {
      name: "One Small Step",
      description: "What you did in the dream can be tried, in small, while awake.",
      instructions:
        "1. Name what you did in the dream in one verb. 2. Find one small, real situation this week where that verb fits. 3. Do it once, on purpose, in a small way. 4. Notice how it felt, and whether it was easier or harder than in the dream.",
    },
    es: {
      name: "Un paso pequeño",
      description: "Lo que hiciste en el sueño puede probarse, en pequeño, en la vida despierta.",
      instructions:
        "1. Nombra con un verbo lo que hiciste en el sueño. 2. Busca una situación pequeña y real de esta semana donde ese verbo encaje. 3. Hazlo una vez, a propósito y en pequeño. 4. Fíjate en cómo te sentiste y si fue más fácil o más difícil que en el sueño.",
    },
  },
  {
    moods: ["fear", "sadness", "anger", "confusion", "calm"],
    playful: false,
    care: false,
    // Watching what befalls someone or something else, not one's own teeth crumbling.
    kinds: ["people", "animal", "action", "event"],
    roles: ["witness"],
    en: {
      name: "Step Into the Scene",
      description: "What you only watched in the dream can be entered in imagination.",
      instructions:
        "1. Go back to the scene you watched in the dream. 2. Imagine stepping in and doing one thing there, however small. 3. Notice what changes in the scene and in you. 4. Ask yourself where in your life you are watching instead of taking part.",
    },
    es: {
      name: "Entra en la escena",
      description: "Lo que en el sueño solo mirabas puede habitarse con la imaginación.",
      instructions:
        "1. Vuelve a la escena que mirabas en el sueño. 2. Imagina que entras y haces una cosa allí, por pequeña que sea. 3. Fíjate en qué cambia en la escena y en ti. 4. Pregúntate dónde estás mirando en tu vida en lugar de participar.",
    },
  },
];

const FAMILY: Record<EmotionKind, MoodFamily> = {
  fear: "fear",
  anxiety: "fear",
  // Revulsion asks for the same steadying as fear.
  disgust: "fear",
  sadness: "sadness",
  grief: "sadness",
  anger: "anger",
  shame: "shame",
  guilt: "shame",
  confusion: "confusion",
  surprise: "confusion",
  joy: "joy",
  love: "joy",
  awe: "joy",
  calm: "calm",
};

/** The dream's mood: a nightmare is fear; otherwise its strongest feeling; calm when it names none. */
export function moodOf(emotions: EmotionAnalysis): MoodFamily {
  if (emotions.nightmare) return "fear";
  const strongest = emotions.dominant[0];
  return strongest ? FAMILY[strongest.kind] : "calm";
}

const LIGHT_MOODS = new Set<MoodFamily>(["joy", "calm", "confusion"]);

export interface PracticeRequest {
  /** The dream's themes, best first (from selectThemes). */
  themes: readonly Theme[];
  emotions: EmotionAnalysis;
  premium: boolean;
  /** The reading took the care path: only calm, gentle practices. */
  care: boolean;
  /** Someone in the dream has died in waking life (roles say so): practices addressed to them may be offered. */
  bereaved?: boolean;
  language: Language;
  /** Picks among equally fitting practices, e.g. a hash of the dream text. */
  seed: number;
  /** The lexicon category of the dream's most central image ("people", "place"). */
  kind?: string;
  /** The dreamer's part with that image: did it, underwent it, or watched it. */
  role?: DreamerRole;
}

export function choosePractice({
  themes,
  emotions,
  premium,
  care,
  language,
  seed,
  bereaved = false,
  kind,
  role,
}: PracticeRequest): PracticeText {
  const mood = moodOf(emotions);
  const lightHearted =
    !care && LIGHT_MOODS.has(mood) && (emotions.tone === "light" || emotions.tone === "neutral");
  if (!care) {
    const technique = themes[0]?.[language].techniques.find(
      (t) =>
        (premium || !t.isPremium) &&
        (t.moods?.includes(mood) ?? true) &&
        (lightHearted || !t.playful) &&
        (bereaved || !t.bereavement),
    );
    if (technique) {
      // The lexicon writes some techniques for a gendered reader («estás segura o seguro»).
      const { name, description, instructions } = technique;
      return {
        name,
        description: toReaderVoice(description, language),
        instructions: toReaderVoice(instructions, language),
      };
    }
  }
  const foundHere = (p: Practice) =>
    (!p.kinds || (kind !== undefined && p.kinds.includes(kind))) &&
    (!p.roles || (role !== undefined && p.roles.includes(role)));
  const fitting = PRACTICES.filter(
    (p) => p.moods.includes(mood) && (lightHearted || !p.playful) && (!care || p.care) && foundHere(p),
  );
  // A practice made for what this dream found (its central image's kind, the dreamer's part) is offered in
  // two dreams of three that have one; the rest draw from every practice that fits the mood, so the same
  // practice does not close every reading.
  const made = fitting.filter((p) => p.kinds || p.roles);
  const pool =
    made.length > 0 && ((seed >>> 0) >>> 5) % 3 !== 0
      ? made
      : fitting.length > 0
        ? fitting
        : PRACTICES.filter((p) => p.care);
  const chosen = pool[(seed >>> 0) % pool.length] as Practice;
  return chosen[language];
}
