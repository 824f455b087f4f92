import { join } from "node:path";
import { dataDir, listSessions, nestForks } from "../session/index.js";

/**
 * `north --resume` when standard output is not a terminal: the saved conversations of this
 * project (of every project with `all`), newest first, one a line — or a JSON array with
 * `json`. Returns the exit code (0, also when there are none).
 */
export function printSessions(options: {
  root: string;
  env: Record<string, string | undefined>;
  all: boolean;
  json: boolean;
}): number {
  const found = listSessions(
    join(dataDir(options.env), "sessions"),
    options.all ? undefined : options.root,
  );
  if (options.json) {
    const rows = found.map((s) => ({
      id: s.id,
      title: s.title,
      project: s.project,
      model: s.model,
      updated: s.updated.toISOString(),
      ...(s.parent ? { parent: s.parent } : {}),
    }));
    process.stdout.write(`${JSON.stringify(rows)}\n`);
    return 0;
  }
  // Forks right under their parent (JSON names it: `parent`); the columns stay as they were.
  for (const { session: s } of nestForks(found)) {
    const when = s.updated.toISOString().slice(0, 16).replace("T", " ");
    const where = options.all ? `\t${s.project}` : "";
    process.stdout.write(`${s.id}\t${when}\t${s.model}\t${s.title || "(untitled)"}${where}\n`);
  }
  if (found.length === 0) process.stderr.write("north: no saved conversations to resume\n");
  return 0;
}
