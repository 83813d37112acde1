/**
 * The dependencies `buildApp` and the workers are given. Side effects at the edge (mail, outbound HTTP, media)
 * sit behind these interfaces so unit tests can fake them and integration tests run the real ones.
 */
import type { Config } from "../config";
import type { Clock } from "./clock";
import type { Signer } from "./crypto";
import type { Db } from "./db/client";
import type { Logger } from "./log";
import type { Mailer } from "./mail/mailer";
import type { Storage } from "./storage";
import type { MediaToolkit } from "../media/toolkit";
import type { SelfTestMonitor } from "../media/self-test-monitor";
import type { Hooks } from "./hooks";

/** What the app and its workers run on. */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  signer: Signer;
  log: Logger;
  mailer: Mailer;
  storage: Storage;
  media: MediaToolkit;
  /** The media pipeline's self-test and its last result (serve runs it after start); absent in bare test deps. */
  selfTest?: SelfTestMonitor;
  /**
   * The event bus and the other hooks (shown changes, erase participants, usage counters): made empty with the
   * database handle (`createHooks`), filled from the domain modules by `assemble`/`wire` (src/composition.ts).
   */
  hooks: Hooks;
}
