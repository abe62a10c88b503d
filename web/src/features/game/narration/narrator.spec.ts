/**
 * The narrator's pacing (docs/architecture.md "Table experience"): lines one after the other on the speaker's
 * end events, captions on reading times without a speaker or when muted, a new script cancelling the old one;
 * and the 'Narrate the night' setting. The speaker is a recording fake of the Web Speech API (Node has none) and
 * the clock a manual one.
 */
import { describe, expect, it } from '@jest/globals';
import { LINE_GAP_MS, Narrator, readingMs, type Clock, type Speaker } from './narrator';
import type { NarrationLine } from './script';
import { NARRATION, NARRATION_KEY } from './setting';

/** A clock whose time moves only when the test says so. */
function manualClock() {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    setTimeout: (fn, ms) => {
      timers.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (h) => void timers.delete(h as number),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = until;
  };
  return { clock, advance, pending: () => timers.size };
}

/** A fake speaker (the browser's speechSynthesis): records the texts; the test ends the current utterance. */
function fakeSpeaker() {
  const said: string[] = [];
  let current: (() => void) | null = null;
  let cancels = 0;
  const speaker: Speaker = {
    speak: (text, done) => {
      said.push(text);
      current = done;
    },
    cancel: () => {
      cancels++;
      const done = current;
      current = null;
      done?.(); // a cancelled utterance fires 'error' (interrupted), as in the browser
    },
  };
  return { speaker, said, end: () => { const done = current; current = null; done?.(); }, cancels: () => cancels };
}

const lines = (...texts: string[]): NarrationLine[] => texts.map((text) => ({ key: 'narration.vote', text }));

describe('Narrator', () => {
  it('says the lines in order, each after the previous one ended and a pause, with its caption', () => {
    const { clock, advance } = manualClock();
    const s = fakeSpeaker();
    const captions: (string | null)[] = [];
    const n = new Narrator({ speaker: s.speaker, clock, onCaption: (l) => captions.push(l?.text ?? null) });
    n.play(lines('one', 'two', 'three'));
    expect(s.said).toEqual(['one']);
    s.end();
    advance(LINE_GAP_MS - 1);
    expect(s.said).toEqual(['one']);
    advance(1);
    expect(s.said).toEqual(['one', 'two']);
    s.end();
    advance(LINE_GAP_MS);
    s.end();
    advance(60_000);
    expect(s.said).toEqual(['one', 'two', 'three']);
    expect(captions.filter((c) => c !== null)).toEqual(['one', 'two', 'three']);
    expect(captions.at(-1)).toBe('three'); // the last caption stays
  });

  it('moves on when a speaker never says a line ended', () => {
    const { clock, advance } = manualClock();
    const s = fakeSpeaker();
    const n = new Narrator({ speaker: s.speaker, clock, onCaption: () => undefined });
    n.play(lines('stuck', 'next'));
    advance(readingMs('stuck'));
    expect(s.said).toEqual(['stuck']);
    advance(readingMs('stuck') + 5000 + LINE_GAP_MS);
    expect(s.said).toEqual(['stuck', 'next']);
  });

  it('shows captions on reading times where there is no speaker', () => {
    const { clock, advance } = manualClock();
    const captions: (string | null)[] = [];
    const n = new Narrator({ speaker: null, clock, onCaption: (l) => captions.push(l?.text ?? null) });
    n.play(lines('first line', 'second line'));
    expect(captions.at(-1)).toBe('first line');
    advance(readingMs('first line') + LINE_GAP_MS - 1);
    expect(captions.at(-1)).toBe('first line');
    advance(1);
    expect(captions.at(-1)).toBe('second line');
  });

  it('muted: cuts the line being said, then keeps the captions going silently', () => {
    const { clock, advance } = manualClock();
    const s = fakeSpeaker();
    const captions: (string | null)[] = [];
    const n = new Narrator({ speaker: s.speaker, clock, onCaption: (l) => captions.push(l?.text ?? null) });
    n.play(lines('a', 'b', 'c'));
    n.setMuted(true);
    advance(LINE_GAP_MS);
    expect(captions.at(-1)).toBe('b');
    advance(readingMs('b') + LINE_GAP_MS);
    expect(captions.at(-1)).toBe('c');
    expect(s.said).toEqual(['a']);
    n.setMuted(false);
    n.play(lines('d'));
    expect(s.said).toEqual(['a', 'd']);
  });

  it('a new script cancels the one being said; an ended line of the old one does not move the new one', () => {
    const { clock, advance, pending } = manualClock();
    const s = fakeSpeaker();
    const captions: (string | null)[] = [];
    const n = new Narrator({ speaker: s.speaker, clock, onCaption: (l) => captions.push(l?.text ?? null) });
    n.play(lines('night 1', 'night 2', 'night 3'));
    n.play(lines('wake up'));
    expect(s.said).toEqual(['night 1', 'wake up']);
    advance(120_000);
    expect(s.said).toEqual(['night 1', 'wake up']);
    expect(captions.filter((c) => c !== null)).toEqual(['night 1', 'wake up']);
    n.stop();
    expect(captions.at(-1)).toBeNull();
    expect(pending()).toBe(0);
  });
});

describe("the 'Narrate the night' setting", () => {
  it('is on by default and kept as "off" in storage when turned off', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
    expect(NARRATION.enabled(storage)).toBe(true);
    NARRATION.set(false, storage);
    expect(data.get(NARRATION_KEY)).toBe('off');
    expect(NARRATION.enabled(storage)).toBe(false);
    NARRATION.set(true, storage);
    expect(NARRATION.enabled(storage)).toBe(true);
    expect(NARRATION.enabled(null)).toBe(true);
  });
});
