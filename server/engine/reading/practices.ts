import type { MoodFamily, Theme } from "../lexicon/schema";
import type { Language } from "../morphology";
import { toReaderVoice } from "./lexicon-voice";
import type { EmotionAnalysis, EmotionKind } from "./types";

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
}

export function choosePractice({
  themes,
  emotions,
  premium,
  care,
  language,
  seed,
  bereaved = false,
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
  const fitting = PRACTICES.filter(
    (p) => p.moods.includes(mood) && (lightHearted || !p.playful) && (!care || p.care),
  );
  const pool = fitting.length > 0 ? fitting : PRACTICES.filter((p) => p.care);
  const chosen = pool[(seed >>> 0) % pool.length] as Practice;
  return chosen[language];
}
