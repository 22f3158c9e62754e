import { PhraseSet } from "./token-phrases";

// Role-play, "no restrictions" and jailbreak words (injection-signals.ts). A role-play frame alone is
// uncertain ("act as a translator" is a fair request); with a claim of no restrictions, a jailbreak's
// name or an override it is an escape.

export const ROLEPLAY_FRAMES = new PhraseSet([
  "pretend you",
  "pretend to be",
  "pretend that you",
  "pretend youre",
  "act as a",
  "act as an",
  "act as if you",
  "act as though you",
  "act like a",
  "act like an",
  "act like you",
  "role play",
  "roleplay",
  "play the role",
  "play the character",
  "play the part",
  "play a character",
  "play a game where",
  "lets play a game",
  "imagine you",
  "imagine that you",
  "imagine youre",
  "simulate",
  "simulating",
  "behave like",
  "behave as",
  "you are now",
  "youre now",
  "from now on you",
  "from now on youll",
  "you are no longer",
  "youre no longer",
  "hypothetically",
  "fictional world",
  "a story where",
  "speak as",
  "respond as",
  "answer as",
  "for the rest of this conversation",
  "for the rest of this chat",
  "stell dir vor",
]);

/** Frames that only jailbreaks use: weighted as much as a claim of no restrictions. */
export const IN_CHARACTER = new PhraseSet([
  "stay in character",
  "remain in character",
  "break character",
  "breaking character",
  "out of character",
  "stay in their roles",
  "stay in their role",
  "stay in your role",
  "stay fully in their roles",
  "always stay in their roles",
  "remain in their roles",
  "absorbed in your role",
  "out of the figure",
]);

export const NO_RESTRICTIONS = new PhraseSet([
  ..."restrictions limits rules filters filter guidelines policies boundaries censorship limitations constraints"
    .split(" ")
    .flatMap((noun) => [
      `no ${noun}`,
      `without ${noun}`,
      `without any ${noun}`,
      `free of ${noun}`,
      `free from ${noun}`,
      `not bound by ${noun}`,
      `doesnt follow any ${noun}`,
      `does not follow any ${noun}`,
      `dont follow any ${noun}`,
      `do not have any ${noun}`,
      `dont have any ${noun}`,
    ]),
  "unfiltered",
  "uncensored",
  "unrestricted",
  "unbound",
  "never refuse",
  "never refuses",
  "cannot refuse",
  "cant refuse",
  "not allowed to refuse",
  "no longer bound",
  "no ethical",
  "no moral",
  "no morals",
  "you no longer have",
  "answers anything",
  "answer anything",
  "answer any question",
  "answer all questions",
  "answer every question",
  "no programming guidelines",
  "completely immoral",
]);

/** The names jailbreaks go by; a mode only counts when the message switches it on. */
export const JAILBREAK_NAMES = new PhraseSet([
  "do anything now",
  "jailbreak",
  "jailbroken",
  "jailbreaking",
  "dan mode",
]);
export const MODE_NAMES = new PhraseSet([
  "developer mode",
  "dev mode",
  "god mode",
  "sudo mode",
  "debug mode",
  "admin mode",
  "unrestricted mode",
  "unfiltered mode",
  "opposite mode",
  "evil mode",
  "system mode",
  "override mode",
  "root mode",
  "superuser mode",
]);
export const MODE_SWITCHES = new PhraseSet([
  "enable",
  "activate",
  "enter",
  "switch to",
  "turn on",
  "you are in",
  "youre in",
  "now in",
  "go into",
  "into",
  "entering",
]);
/** After a mode's name: it is on ("system mode activated"). */
export const MODE_SWITCHED_ON = new PhraseSet(["activated", "enabled", "engaged", "is on", "is now on", "on"]);

/** Someone claiming to be who configures the assistant. */
export const AUTHORITY_CLAIMS = new PhraseSet(
  [
    "i am your",
    "im your",
    "i am the",
    "im the",
    "this is your",
    "this is the",
    "message from your",
    "message from the",
  ].flatMap((lead) =>
    "developer developers creator admin administrator owner programmer maker operator engineers engineer"
      .split(" ")
      .map((who) => `${lead} ${who}`),
  ),
);
