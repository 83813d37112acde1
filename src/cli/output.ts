/** CLI output: plain lines for people, one JSON object with `--json`. */
import type { Args } from "./args";

/** Prints `data` as JSON when `--json` was given, else the human lines. */
export function print(args: Args, data: unknown, human: string | string[]) {
  if (args.bools.has("--json")) process.stdout.write(JSON.stringify(data) + "\n");
  else process.stdout.write((Array.isArray(human) ? human.join("\n") : human) + "\n");
}
