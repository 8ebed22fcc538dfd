import { useRef } from 'react';

const RESET_MS = 500;

/**
 * Type-to-find for lists: `find(key, labels, from)` returns the index of the next label that
 * starts with the characters typed within the last half second, searching after `from`.
 */
export function useTypeahead(): (key: string, labels: readonly string[], from: number) => number {
  const typed = useRef({ text: '', at: 0 });
  return (key, labels, from) => {
    const now = Date.now();
    const text = (now - typed.current.at > RESET_MS ? '' : typed.current.text) + key.toLowerCase();
    typed.current = { text, at: now };
    // One letter (or the same letter repeated) cycles through the labels starting with it;
    // several letters narrow the search, keeping the current label while it still matches.
    const cycling = text.split('').every((c) => c === text[0]);
    const needle = cycling ? text.slice(0, 1) : text;
    const start = cycling ? from + 1 : from;
    for (let i = 0; i < labels.length; i++) {
      const index = (((start + i) % labels.length) + labels.length) % labels.length;
      if (labels[index]?.toLowerCase().startsWith(needle)) return index;
    }
    return -1;
  };
}
