/**
 * The Live/Test switch. Test mode is a sandbox: its own brands, links, testimonials and keys. The switch is
 * large and coloured so nobody mistakes one mode for the other.
 */
import { useToast } from "../toasts";
import { useSession } from "../session";

/** A switch named "Test mode"; on = test. */
export function ModeSwitch() {
  const { mode, setMode } = useSession();
  const toast = useToast();
  const test = mode === "test";
  const flip = () => {
    const next = test ? "live" : "test";
    setMode(next);
    toast(next === "test" ? "Switched to test mode (sandbox)" : "Switched to live mode");
  };
  return (
    <button
      type="button"
      class={`mode-switch${test ? " is-test" : ""}`}
      role="switch"
      aria-checked={test}
      aria-label="Test mode"
      onClick={flip}
    >
      <span class={`mode-word${test ? "" : " is-on"}`} aria-hidden="true">
        Live
      </span>
      <span class="mode-track" aria-hidden="true">
        <span class="mode-knob" />
      </span>
      <span class={`mode-word${test ? " is-on" : ""}`} aria-hidden="true">
        Test
      </span>
    </button>
  );
}

/** The coloured strip shown across the top while in test mode. */
export function TestBanner() {
  const { mode, setMode } = useSession();
  if (mode !== "test") return null;
  return (
    <div class="test-banner" role="note" aria-label="Test mode">
      <strong>Test mode — sandbox.</strong>
      <span>
        {" "}
        Brands, links, testimonials and keys here are separate from live; nothing you do here touches live data.
      </span>
      <button type="button" class="test-banner-exit" onClick={() => setMode("live")}>
        Back to live
      </button>
    </div>
  );
}
