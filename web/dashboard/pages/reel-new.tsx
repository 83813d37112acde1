/**
 * A new reel: tick video testimonials (in play order), choose whether Plaudit also picks the order (auto) or
 * keeps yours (manual), and create it; clips are suggested and the editor opens.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { PageHeader } from "../page";
import { navigate } from "../router";
import { useSession } from "../session";
import { TestimonialPicker } from "../reels/picker";
import type { Reel } from "../reels/types";
import { useAction } from "../use-action";

/** The new-reel form. */
export function NewReelPage() {
  const { brand } = useSession();
  const b = brand!;
  const [ids, setIds] = useState<string[]>([]);
  const [mode, setMode] = useState<"auto" | "manual">("auto");
  const [title, setTitle] = useState("");
  const { busy, error, run } = useAction(
    async () => {
      const reel = await api.post<Reel>(
        "/v1/reels",
        { brand_id: b.id, submission_ids: ids, mode, ...(title.trim() ? { title: title.trim() } : {}) },
        { timeoutMs: 90_000 },
      );
      navigate(`reels/${reel.id}`);
    },
    { leaves: true },
  );
  const create = (e: Event) => {
    e.preventDefault();
    void run();
  };
  return (
    <>
      <PageHeader
        title="New reel"
        description="Pick the testimonials; the strongest few seconds of each are suggested for you, on word boundaries."
      />
      <form class="card form-card" onSubmit={create}>
        <Field label="Title" optional>
          {(p) => (
            <input
              {...p}
              value={title}
              maxLength={100}
              placeholder={`${b.name} testimonials`}
              onInput={(e) => setTitle(e.currentTarget.value)}
            />
          )}
        </Field>
        <fieldset>
          <legend>Order</legend>
          <label class="check">
            <input type="radio" name="mode" checked={mode === "auto"} onChange={() => setMode("auto")} /> Suggest the
            order too (strongest first)
          </label>
          <label class="check">
            <input type="radio" name="mode" checked={mode === "manual"} onChange={() => setMode("manual")} /> Keep my
            order; suggest only the cuts
          </label>
        </fieldset>
        <TestimonialPicker brandId={b.id} selected={ids} onChange={setIds} />
        <ErrorNotice error={error} />
        <div class="row">
          <Button type="submit" variant="primary" disabled={ids.length === 0} busy={busy} busyLabel="Suggesting clips…">
            Create reel with {ids.length} testimonial{ids.length === 1 ? "" : "s"}
          </Button>
          <Button variant="ghost" onClick={() => navigate("reels")}>
            Cancel
          </Button>
        </div>
      </form>
    </>
  );
}
