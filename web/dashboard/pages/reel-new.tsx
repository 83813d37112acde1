/**
 * A new reel: tick video testimonials (in play order), choose whether Plaudit also picks the order (auto) or
 * keeps yours (manual), and create it; clips are suggested and the editor opens.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
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
      <PageHeader title={t("reel-new.title")} description={t("reel-new.description")} />
      <form class="card form-card" onSubmit={create}>
        <Field label={t("reel-new.reel_title")} optional>
          {(p) => (
            <input
              {...p}
              value={title}
              maxLength={100}
              placeholder={t("reel-new.title_placeholder", { brand: b.name })}
              onInput={(e) => setTitle(e.currentTarget.value)}
            />
          )}
        </Field>
        <fieldset>
          <legend>{t("reel-new.order")}</legend>
          <label class="check">
            <input type="radio" name="mode" checked={mode === "auto"} onChange={() => setMode("auto")} />{" "}
            {t("reel-new.order_auto")}
          </label>
          <label class="check">
            <input type="radio" name="mode" checked={mode === "manual"} onChange={() => setMode("manual")} />{" "}
            {t("reel-new.order_manual")}
          </label>
        </fieldset>
        <TestimonialPicker brandId={b.id} selected={ids} onChange={setIds} />
        <ErrorNotice error={error} />
        <div class="row">
          <Button
            type="submit"
            variant="primary"
            disabled={ids.length === 0}
            busy={busy}
            busyLabel={t("reel-new.suggesting")}
          >
            {t("reel-new.create", { count: ids.length })}
          </Button>
          <Button variant="ghost" onClick={() => navigate("reels")}>
            {t("reel-new.cancel")}
          </Button>
        </div>
      </form>
    </>
  );
}
