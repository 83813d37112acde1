/**
 * The Live/Test switch. Test mode is a sandbox: its own brands, links, testimonials and keys. The switch is
 * large and coloured so nobody mistakes one mode for the other.
 */
import { useToast } from "../toasts";
import { useSession } from "../session";
import { t } from "../i18n";

/** A switch named "Test mode"; on = test. */
export function ModeSwitch() {
  const { mode, setMode } = useSession();
  const toast = useToast();
  const test = mode === "test";
  const flip = () => {
    const next = test ? "live" : "test";
    setMode(next);
    toast(next === "test" ? t("shell.mode-switch.switched_test") : t("shell.mode-switch.switched_live"));
  };
  return (
    <button
      type="button"
      class={`mode-switch${test ? " is-test" : ""}`}
      role="switch"
      aria-checked={test}
      aria-label={t("shell.mode-switch.test_mode")}
      onClick={flip}
    >
      <span class={`mode-word${test ? "" : " is-on"}`} aria-hidden="true">
        {t("shell.mode-switch.live")}
      </span>
      <span class="mode-track" aria-hidden="true">
        <span class="mode-knob" />
      </span>
      <span class={`mode-word${test ? " is-on" : ""}`} aria-hidden="true">
        {t("shell.mode-switch.test")}
      </span>
    </button>
  );
}

/** The coloured strip shown across the top while in test mode. */
export function TestBanner() {
  const { mode, setMode } = useSession();
  if (mode !== "test") return null;
  return (
    <div class="test-banner" role="note" aria-label={t("shell.mode-switch.test_mode")}>
      <strong>{t("shell.mode-switch.banner_title")}</strong>
      <span> {t("shell.mode-switch.banner_text")}</span>
      <button type="button" class="test-banner-exit" onClick={() => setMode("live")}>
        {t("shell.mode-switch.back_to_live")}
      </button>
    </div>
  );
}
