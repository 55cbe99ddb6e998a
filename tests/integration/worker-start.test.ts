import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { createTestDatabase } from "../support/db.ts";
import { startNpmStart } from "../support/npm-start.ts";

/*
 * `npm start` with several workers (server/index.ts): they start one after another, each loading
 * its search index alone, and a worker started beside another takes no connection before its
 * index is ready. PostgreSQL only: PGlite allows one process.
 */

const PG_URL = process.env.TEST_DATABASE_URL;

type Line = { msg: string; pid?: number; worker?: number };

describe.skipIf(!PG_URL)(
  "npm start on PostgreSQL, two workers with the search index",
  () => {
    it("starts the second worker once the first is ready, and lets it listen only once its own index is loaded and warmed up", async () => {
      const database = await createTestDatabase();
      const [{ name }] = await queryRows<{ name: string }>(
        database.db,
        sql`select current_database() as name`,
      );
      const url = new URL(PG_URL!);
      url.pathname = `/${name}`;
      const started = startNpmStart(
        {
          DATABASE_URL: url.toString(),
          WEB_CONCURRENCY: "2",
          SEED_DEMO_DATA: "false",
          SEARCH_INDEX: "memory",
          // Long enough (a second or more) that a worker listening at once would do so before its warm-up ends.
          SEARCH_WARM_UP_SEARCHES: "1500",
          SHUTDOWN_DRAIN_SECONDS: "0",
          LOG_LEVEL: "info",
        },
        7_919,
      );
      const { child, port, exited } = started;
      const out = () => started.output();
      const lines = (): Line[] =>
        out()
          .split("\n")
          .flatMap((l) => {
            try {
              return [JSON.parse(l) as Line];
            } catch {
              return [];
            }
          });
      const at = (test: (l: Line) => boolean, from = 0) =>
        lines().findIndex((l, i) => i >= from && test(l));
      try {
        const deadline = Date.now() + 90_000;
        while (
          lines().filter((l) => l.msg === "Soko is listening").length < 2
        ) {
          if (Date.now() > deadline || child.exitCode !== null)
            throw new Error(`the workers did not start:\n${out()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        const first = lines().find(
          (l) => l.msg === "server process started" && l.worker === 1,
        )!;
        const second = lines().find(
          (l) => l.msg === "server process started" && l.worker === 2,
        )!;
        expect(first && second, out()).toBeTruthy();
        const firstWarm = at((l) => l.msg === "search index warmed up");
        const secondStarted = at(
          (l) => l.msg === "server process started" && l.worker === 2,
        );
        const secondWarm = at(
          (l) => l.msg === "search index warmed up",
          firstWarm + 1,
        );
        const secondListening = at(
          (l) => l.msg === "Soko is listening" && l.pid === second.pid,
        );
        // The second starts once the first is ready (its index loaded and warmed up)...
        expect(firstWarm, out()).toBeGreaterThan(-1);
        expect(secondStarted, out()).toBeGreaterThan(firstWarm);
        // ...and takes connections only once its own index is; the first never waits (health checks are answered while it loads).
        expect(secondWarm, out()).toBeGreaterThan(secondStarted);
        expect(secondListening, out()).toBeGreaterThan(secondWarm);
        expect(
          at(
            (l) =>
              l.msg === "waiting for the search index before listening" &&
              l.pid === first.pid,
          ),
          out(),
        ).toBe(-1);
        const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
        expect(ready.status).toBe(200);
        child.kill("SIGTERM");
        expect(await exited).toBe(0);
      } finally {
        child.kill("SIGKILL");
        for (const pid of lines().flatMap((l) =>
          l.msg === "server process started" && l.pid ? [l.pid] : [],
        )) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // Already gone.
          }
        }
        started.cleanUp();
        await database.drop();
      }
    }, 150_000);
  },
);
