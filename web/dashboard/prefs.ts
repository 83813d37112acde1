/**
 * Choices remembered in this browser (organisation, mode, brand per organisation and mode). Storage may be
 * unavailable (private windows, blocked cookies); then nothing is remembered and nothing breaks.
 */

const PREFIX = "plaudit.";

/** Reads a remembered value. */
export function getPref(key: string): string | null {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

/** Remembers a value (or forgets it when `value` is null). */
export function setPref(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, value);
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
}
