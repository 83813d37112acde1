/** Reel settings: defaults, merging a partial change, and the checks the schema cannot make (known music). */
import { unprocessable } from "../../platform/errors";
import { findTrack } from "../../media/reel/music";
import { CARD_MS } from "../../media/reel/types";
import { DEFAULT_CONFIG, type ConfigInput, type ReelConfig } from "./model";

/** The settings after applying `input` over `base`: given keys replace, `null` clears a card or the music. */
export function mergeConfig(base: ReelConfig, input: ConfigInput | undefined): ReelConfig {
  const out: ReelConfig = { ...base };
  if (!input) return out;
  if (input.aspect_ratios !== undefined) out.aspect_ratios = [...input.aspect_ratios];
  if (input.caption_style !== undefined) out.caption_style = input.caption_style;
  if (input.intro !== undefined)
    out.intro = input.intro ? { title: input.intro.title.trim() || input.intro.title } : null;
  if (input.outro !== undefined)
    out.outro = input.outro
      ? { call_to_action: input.outro.call_to_action.trim() || input.outro.call_to_action }
      : null;
  if (input.music !== undefined) {
    if (input.music && !findTrack(input.music.track_id)) {
      throw unprocessable(
        "unknown_music_track",
        `There is no music track "${input.music.track_id}". GET /v1/reels/music lists the tracks.`,
        { field: "music.track_id", track_id: input.music.track_id },
      );
    }
    out.music = input.music ? { track_id: input.music.track_id } : null;
  }
  if (input.target_duration_ms !== undefined) out.target_duration_ms = input.target_duration_ms;
  if (input.lower_third !== undefined) out.lower_third = input.lower_third;
  if (input.framing !== undefined) out.framing = input.framing;
  return out;
}

/** Settings from a create request. */
export const initialConfig = (input: ConfigInput | undefined) => mergeConfig(DEFAULT_CONFIG, input);

/** Length of the cards a config adds to the reel. */
export const cardsMs = (c: Pick<ReelConfig, "intro" | "outro">) =>
  (c.intro ? CARD_MS.intro : 0) + (c.outro ? CARD_MS.outro : 0);

/** The settings as the API shows them (every key present, in the contract's order). */
export const presentConfig = (c: ReelConfig) => ({
  aspect_ratios: c.aspect_ratios,
  caption_style: c.caption_style,
  intro: c.intro,
  outro: c.outro,
  music: c.music,
  target_duration_ms: c.target_duration_ms,
  lower_third: c.lower_third ?? true,
  framing: c.framing ?? "face",
});
