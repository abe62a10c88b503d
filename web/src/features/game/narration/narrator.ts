/**
 * The narrator's player (docs/architecture.md "Table experience"): says the lines of a script one after the other
 * through a {@link Speaker} (the Web Speech API's `speechSynthesis` in the browser), each line's caption shown
 * while it is said. The next line starts when the speaker says the line ended (the utterance's `end` or
 * `error` event) and a short pause passed; without a speaker, or muted, each caption stays for a reading time
 * instead, so captions go on where `speechSynthesis` is missing. A new script (the next phase) cancels the
 * one being said. Framework-free (unit tested in narrator.spec.ts with a recording speaker and a manual clock).
 */
import type { NarrationLine } from './script';

/** What says a line aloud: `done` once it was said (or failed); `cancel` stops the current line. */
export interface Speaker {
  speak(text: string, done: () => void): void;
  cancel(): void;
}

/** The timers the narrator uses (the window's, or a test's manual clock). */
export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Options of a {@link Narrator}. */
export interface NarratorOptions {
  /** The speaker, or null where the device has none (captions only). */
  speaker: Speaker | null;
  /** Called with the line being said, and null when a script is cleared. */
  onCaption(line: NarrationLine | null, index: number): void;
  clock?: Clock;
  /** Pause between two lines, ms. */
  gapMs?: number;
}

/** Pause between two lines (a breath after 'Close your eyes.'), ms. */
export const LINE_GAP_MS = 1200;

/**
 * How long a caption stays when it is not spoken: about the time it takes to say it (some 15 characters a
 * second), at least two seconds.
 */
export function readingMs(text: string): number {
  return Math.max(2000, text.length * 65);
}

/** How long to wait for a speaker that never says a line ended (a browser losing the `end` event). */
export function watchdogMs(text: string): number {
  return readingMs(text) * 2 + 5000;
}

const windowClock: Clock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Plays scripts: see the module's description. */
export class Narrator {
  private readonly speaker: Speaker | null;
  private readonly onCaption: NarratorOptions['onCaption'];
  private readonly clock: Clock;
  private readonly gapMs: number;
  private muted = false;
  /** Bumped by every play/stop: callbacks of an older run are ignored. */
  private run = 0;
  private timers: unknown[] = [];

  constructor(options: NarratorOptions) {
    this.speaker = options.speaker;
    this.onCaption = options.onCaption;
    this.clock = options.clock ?? windowClock;
    this.gapMs = options.gapMs ?? LINE_GAP_MS;
  }

  /** Silences (or un-silences) the speaker from the next line on; the current line is cut when muting. */
  setMuted(muted: boolean): void {
    if (muted && !this.muted) this.speaker?.cancel();
    this.muted = muted;
  }

  /** Stops what is being said and says `lines` from the first (an empty script clears the caption). */
  play(lines: readonly NarrationLine[]): void {
    this.stop();
    const run = this.run;
    if (lines.length === 0) return;
    const say = (index: number): void => {
      if (run !== this.run) return;
      const line = lines[index];
      if (!line) return; // the last caption stays until the next script
      this.onCaption(line, index);
      let finished = false;
      const next = () => {
        if (finished || run !== this.run) return;
        finished = true;
        this.after(index + 1 < lines.length ? this.gapMs : 0, () => say(index + 1));
      };
      if (this.speaker && !this.muted) {
        this.after(watchdogMs(line.text), next);
        this.speaker.speak(line.text, next);
      } else {
        this.after(readingMs(line.text), next);
      }
    };
    say(0);
  }

  /** Stops the script being said and clears the caption. */
  stop(): void {
    this.run++;
    for (const h of this.timers) this.clock.clearTimeout(h);
    this.timers = [];
    this.speaker?.cancel();
    this.onCaption(null, -1);
  }

  private after(ms: number, fn: () => void): void {
    this.timers.push(this.clock.setTimeout(fn, ms));
  }
}

/** The part of `speechSynthesis` the browser speaker uses. */
export interface SynthesisLike {
  speak(utterance: SpeechSynthesisUtterance): void;
  cancel(): void;
}

/**
 * A speaker over the Web Speech API (`window.speechSynthesis`, `SpeechSynthesisUtterance`), or null where the
 * browser has none. Lines are said in `lang` (the page's language).
 */
export function browserSpeaker(win: (Window & typeof globalThis) | undefined = typeof window === 'undefined' ? undefined : window, lang = 'en'): Speaker | null {
  const synth = win?.speechSynthesis as SynthesisLike | undefined;
  const Utterance = win?.SpeechSynthesisUtterance;
  if (!synth || typeof synth.speak !== 'function' || typeof Utterance !== 'function') return null;
  return {
    speak(text, done) {
      const u = new Utterance(text);
      u.lang = lang;
      u.onend = () => done();
      u.onerror = () => done();
      synth.speak(u);
    },
    cancel() {
      synth.cancel();
    },
  };
}
