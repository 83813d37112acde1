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
import { t } from "../i18n";

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
      <h2 id="settings-title">{t("reels.settings.title")}</h2>
      <Field label={t("reels.settings.reel_title")} hint={t("reels.settings.reel_title_hint")}>
        {(p) => (
          <input {...p} value={title} maxLength={100} required onInput={(e) => setTitle(e.currentTarget.value)} />
        )}
      </Field>
      <fieldset>
        <legend>{t("reels.settings.sizes")}</legend>
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
      <Field label={t("reels.settings.caption_style")}>
        {(p) => (
          <select
            {...p}
            value={c.caption_style}
            onChange={(e) => setC({ ...c, caption_style: e.currentTarget.value as ReelConfig["caption_style"] })}
          >
            <option value="bold">{t("reels.settings.caption_bold")}</option>
            <option value="boxed">{t("reels.settings.caption_boxed")}</option>
            <option value="minimal">{t("reels.settings.caption_minimal")}</option>
          </select>
        )}
      </Field>
      <label class="check">
        <input
          type="checkbox"
          checked={c.lower_third}
          onChange={(e) => setC({ ...c, lower_third: e.currentTarget.checked })}
        />
        {t("reels.settings.lower_third")}
      </label>
      <Field label={t("reels.settings.framing")} hint={t("reels.settings.framing_hint")}>
        {(p) => (
          <select
            {...p}
            value={c.framing}
            onChange={(e) => setC({ ...c, framing: e.currentTarget.value as ReelConfig["framing"] })}
          >
            <option value="face">{t("reels.settings.framing_face")}</option>
            <option value="fit">{t("reels.settings.framing_fit")}</option>
          </select>
        )}
      </Field>
      <Field
        label={t("reels.settings.intro")}
        optional
        hint={t("reels.settings.intro_hint", { used: (c.intro?.title ?? "").length, max: LIMITS.introChars })}
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
        label={t("reels.settings.outro")}
        optional
        hint={t("reels.settings.outro_hint", {
          used: (c.outro?.call_to_action ?? "").length,
          max: LIMITS.outroChars,
        })}
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
      <Field label={t("reels.settings.music")} hint={t("reels.settings.music_hint")}>
        {(p) => (
          <select
            {...p}
            value={c.music?.track_id ?? ""}
            onChange={(e) => setC({ ...c, music: e.currentTarget.value ? { track_id: e.currentTarget.value } : null })}
          >
            <option value="">{t("reels.settings.no_music")}</option>
            {tracks.data?.data.map((track) => (
              <option key={track.track_id} value={track.track_id}>
                {t("reels.settings.track", { title: track.title, mood: track.mood })}
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
          aria-label={t("reels.settings.preview", { title: track.title })}
        />
      )}
      <Field label={t("reels.settings.target")} hint={t("reels.settings.target_hint")}>
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
      <Button type="submit" variant="primary" busy={busy} busyLabel={t("reels.settings.saving")}>
        {t("reels.settings.save")}
      </Button>
    </form>
  );
}
