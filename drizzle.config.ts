import { defineConfig } from "drizzle-kit";

/** drizzle-kit reads every tables.ts to generate SQL migrations into migrations/. */
export default defineConfig({
  dialect: "sqlite",
  schema: ["./src/platform/**/tables.ts", "./src/domains/**/tables.ts"],
  out: "./migrations",
});
