/**
 * A reel's title and settings: sizes, caption style, the speakers' lower thirds, framing of the vertical and square
 * sizes, intro and outro cards (with their character limits), music (with a preview to listen to) and the target
 * length that steers suggested clips.
 */
import { useEffect, useState } from "preact/hooks";
import { useAsync } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { useAction } from "../use-action";
import { ASPECT_LABELS, ASPECTS, LIMITS, type Reel, type ReelConfig, type Track } from "./types";

/** Props of `ReelSettings`. */
export interface ReelSettingsProps {
  reel: Reel;
  onSave: (body: { title: string } & ReelConfig) => Promise<void>;
}

/** The settings form. */
export function ReelSettings({ reel, onSave }: ReelSettingsProps) {
  const tracks = useAsync(() => api.get<{ data: Track[] }>("/v1/reels/music"), []);
  const [title, setTitle] = useState(reel.title);
  const [c, setC] = useState<ReelConfig>(reel.config);
  const { busy, error, run } = useAction(onSave);
  useEffect(() => {
    setTitle(reel.title);
    setC(reel.config);
  }, [reel.updated_at]);
  const track = tracks.data?.data.find((t) => t.track_id === c.music?.track_id);
  const save = (e: Event) => {
    e.preventDefault();
    void run({ title: title.trim(), ...c });
  };
  const toggleAspect = (a: (typeof ASPECTS)[number], on: boolean) =>
    setC({ ...c, aspect_ratios: ASPECTS.filter((x) => (x === a ? on : c.aspect_ratios.includes(x))) });
  return (
    <form class="card reel-settings" onSubmit={save} aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <Field label="Title" hint="Downloads are named after it, e.g. “Title-9x16.mp4”.">
        {(p) => (
          <input {...p} value={title} maxLength={100} required onInput={(e) => setTitle(e.currentTarget.value)} />
        )}
      </Field>
      <fieldset>
        <legend>Sizes</legend>
        {ASPECTS.map((a) => (
          <label key={a} class="check">
            <input
              type="checkbox"
              checked={c.aspect_ratios.includes(a)}
              disabled={c.aspect_ratios.length === 1 && c.aspect_ratios.includes(a)}
              onChange={(e) => toggleAspect(a, e.currentTarget.checked)}
            />
            {ASPECT_LABELS[a]}
          </label>
        ))}
      </fieldset>
      <Field label="Caption style">
        {(p) => (
          <select
            {...p}
            value={c.caption_style}
            onChange={(e) => setC({ ...c, caption_style: e.currentTarget.value as ReelConfig["caption_style"] })}
          >
            <option value="bold">Bold (outlined)</option>
            <option value="boxed">Boxed</option>
            <option value="minimal">Minimal</option>
          </select>
        )}
      </Field>
      <label class="check">
        <input
          type="checkbox"
          checked={c.lower_third}
          onChange={(e) => setC({ ...c, lower_third: e.currentTarget.checked })}
        />
        Show each speaker's name, title and company at the start of their clip
      </label>
      <Field label="Framing of 9:16 and 1:1" hint="How a landscape recording fills the vertical and square sizes.">
        {(p) => (
          <select
            {...p}
            value={c.framing}
            onChange={(e) => setC({ ...c, framing: e.currentTarget.value as ReelConfig["framing"] })}
          >
            <option value="face">Follow the speaker's face (crop)</option>
            <option value="fit">Whole picture over a blurred background</option>
          </select>
        )}
      </Field>
      <Field
        label="Intro card title"
        optional
        hint={`Shown with the brand's logo before the first clip. ${(c.intro?.title ?? "").length}/${LIMITS.introChars} characters.`}
      >
        {(p) => (
          <input
            {...p}
            value={c.intro?.title ?? ""}
            maxLength={LIMITS.introChars}
            onInput={(e) => setC({ ...c, intro: e.currentTarget.value ? { title: e.currentTarget.value } : null })}
          />
        )}
      </Field>
      <Field
        label="Outro call to action"
        optional
        hint={`Shown after the last clip. ${(c.outro?.call_to_action ?? "").length}/${LIMITS.outroChars} characters.`}
      >
        {(p) => (
          <input
            {...p}
            value={c.outro?.call_to_action ?? ""}
            maxLength={LIMITS.outroChars}
            onInput={(e) =>
              setC({ ...c, outro: e.currentTarget.value ? { call_to_action: e.currentTarget.value } : null })
            }
          />
        )}
      </Field>
      <Field label="Music" hint="Royalty-free tracks that come with the server; ducked under speech.">
        {(p) => (
          <select
            {...p}
            value={c.music?.track_id ?? ""}
            onChange={(e) => setC({ ...c, music: e.currentTarget.value ? { track_id: e.currentTarget.value } : null })}
          >
            <option value="">No music</option>
            {tracks.data?.data.map((t) => (
              <option key={t.track_id} value={t.track_id}>
                {t.title} ({t.mood})
              </option>
            ))}
          </select>
        )}
      </Field>
      {track && (
        <audio
          class="music-preview"
          controls
          preload="none"
          src={track.preview_url}
          aria-label={`Preview of ${track.title}`}
        />
      )}
      <Field label="Target length (seconds)" hint="15 to 120 seconds; steers the length of suggested clips.">
        {(p) => (
          <input
            {...p}
            type="number"
            min={15}
            max={120}
            step={1}
            value={Math.round(c.target_duration_ms / 1000)}
            onInput={(e) =>
              setC({
                ...c,
                target_duration_ms: Math.max(15, Math.min(120, Number(e.currentTarget.value) || 45)) * 1000,
              })
            }
          />
        )}
      </Field>
      <ErrorNotice error={error ?? tracks.error} />
      <Button type="submit" variant="primary" busy={busy} busyLabel="Saving…">
        Save settings
      </Button>
    </form>
  );
}
