/**
 * Where the executable copies the native libraries it embeds (sharp's addon and libvips, see scripts/build.ts)
 * before loading them: `<data dir>/runtime/`, a folder only the operator's user writes. Set once, before anything
 * imports sharp; the embedded loader reads it from a global because it is generated code outside `src/`.
 */
import { join } from "node:path";

/** Names `<dataDir>/runtime` as the folder for native libraries (the first call wins). */
export function useNativeDir(dataDir: string): void {
  (globalThis as { __plauditNativeDir?: string }).__plauditNativeDir ??= join(dataDir, "runtime");
}
