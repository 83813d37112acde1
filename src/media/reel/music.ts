/**
 * The music tracks a reel can use: loops synthesised by assets/music/generate.ts (ours, free to redistribute),
 * embedded in the binary. There is no upload; a reel names a track by `track_id`.
 */
import sunrise from "../../../assets/music/sunrise.m4a" with { type: "file" };
import drift from "../../../assets/music/drift.m4a" with { type: "file" };
import momentum from "../../../assets/music/momentum.m4a" with { type: "file" };

/** One track. */
export interface MusicTrack {
  track_id: string;
  title: string;
  mood: string;
  bpm: number;
  /** Length of one loop; shorter than a reel, it repeats. */
  duration_ms: number;
  /** Path of the file (inside the binary when compiled). */
  path: string;
}

/** Every track, in the order the dashboard lists them. */
export const MUSIC_TRACKS: MusicTrack[] = [
  {
    track_id: "sunrise",
    title: "Sunrise",
    mood: "bright, warm plucked strings",
    bpm: 100,
    duration_ms: 38_510,
    path: sunrise,
  },
  { track_id: "drift", title: "Drift", mood: "calm, soft pads", bpm: 80, duration_ms: 24_110, path: drift },
  { track_id: "momentum", title: "Momentum", mood: "upbeat, driving", bpm: 120, duration_ms: 32_110, path: momentum },
];

/** A track by id, or null. */
export const findTrack = (id: string): MusicTrack | null => MUSIC_TRACKS.find((t) => t.track_id === id) ?? null;
