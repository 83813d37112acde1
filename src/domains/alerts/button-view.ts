/**
 * What a button's page shows, and the rule of what a pending button would do (read by buttons.ts, drawn by page.ts):
 * its states, the choices it offers, and the words for each.
 */
import type { AlertItem } from "./content";
import type { ButtonAction } from "./tables";
import { publishProblem, type SubmissionRow } from "../submissions";

/** What the person may choose on the page: the button's own action, or a narrower one when it cannot be done. */
export type Choice = "default" | "without_words" | "approve_only";

/** The states of a button, as its page shows them. */
export type ButtonState =
  | "unknown"
  | "used"
  | "expired"
  | "not_member"
  | "no_access"
  | "gone"
  | "nothing_to_do"
  | "ready"
  | "done"
  | "refused";

/** The organisation's look on the page. */
export interface PageOrg {
  name: string;
  color: string | null;
  logoUrl: string | null;
}

/** Everything a button's page shows. */
export interface ButtonView {
  state: ButtonState;
  /** The page's HTTP status. */
  status: number;
  org: PageOrg | null;
  action: ButtonAction | null;
  /** Who the button acts as. */
  member: { name: string; email: string } | null;
  item: AlertItem | null;
  /** A signed address of a video's poster, valid an hour (never public). */
  posterUrl: string | null;
  /** Plain words: why it cannot be done, what was done, or what will happen. */
  message: string;
  /** The choices offered as buttons (empty: nothing to do here). */
  choices: Choice[];
  expiresAt: number | null;
  usedAt: number | null;
  /** What the button did when it was used. */
  result: string | null;
}

/** A view with nothing but a state and a sentence. */
export const blank = (state: ButtonState, status: number, message: string): ButtonView => ({
  state,
  status,
  org: null,
  action: null,
  member: null,
  item: null,
  posterUrl: null,
  message,
  choices: [],
  expiresAt: null,
  usedAt: null,
  result: null,
});

// Made on first use: the first Intl formatter of the process costs ~25 ms, which start-up need not pay (issue 28).
let dateTimeFormat: Intl.DateTimeFormat | null = null;
const dateTime = {
  format: (ms: number) =>
    (dateTimeFormat ??= new Intl.DateTimeFormat("en-GB", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "UTC",
    })).format(ms),
};

/** A moment as the pages say it: "27 November 2026 at 11:13 UTC". */
export const when = (ms: number) => `${dateTime.format(ms)} UTC`;

/** What a used button did, in words. */
export const RESULT_WORDS: Record<string, string> = {
  approved: "approved it (kept private)",
  published: "approved and published it",
  published_without_words: "approved and published it without its words",
};

/** The state of a pending button: what it would do, or why it cannot. */
export function pending(
  row: SubmissionRow,
  action: ButtonAction,
): Pick<ButtonView, "state" | "status" | "message" | "choices"> {
  const approved = row.isApproved && row.rejectedAt === null;
  const rejected = row.rejectedAt !== null ? " It was rejected; approving it clears the rejection." : "";
  if (action === "approve") {
    if (approved)
      return { state: "nothing_to_do", status: 200, choices: [], message: "It is already approved. Nothing to do." };
    if (row.status === "uploading")
      return {
        state: "refused",
        status: 409,
        choices: [],
        message: "It is still being uploaded; decide once it has arrived.",
      };
    return {
      state: "ready",
      status: 200,
      choices: ["default"],
      message: `It will be approved and stay private: no widget or wall shows it until someone publishes it.${rejected}`,
    };
  }
  if (approved && row.isPublic)
    return {
      state: "nothing_to_do",
      status: 200,
      choices: [],
      message: "It is already approved and published. Nothing to do.",
    };
  const problem = publishProblem(row, row.hideWords);
  const approveOnly: Choice[] = approved || row.status === "uploading" ? [] : ["approve_only"];
  if (problem?.code === "words_unchecked")
    return {
      state: "ready",
      status: 200,
      choices: ["without_words", ...approveOnly],
      message:
        "The words are a machine transcript nobody has checked, so they cannot go public yet. You can publish the video without its words now (name, rating and recording only), approve it and keep it private, or check the words in the dashboard first.",
    };
  if (problem)
    return {
      state: "refused",
      status: 409,
      choices: approveOnly,
      message: `${problem.message}${approveOnly.length ? " You can still approve it and keep it private." : ""}`,
    };
  return {
    state: "ready",
    status: 200,
    choices: ["default"],
    message: approved
      ? "It is approved but private. It will be published: shown in the brand's widgets and on its wall within a few seconds."
      : `It will be approved and published: shown in the brand's widgets and on its wall within a few seconds.${rejected}`,
  };
}
