// Child process: the reference. Reads the same file line by line, parses each record and
// inserts the same trajectory and turn rows with a bare better-sqlite3 loop (prepared
// statements, as many records per transaction as Trellis uses), into the same schema. Argv: FILE WORKSPACE
const fs = require('node:fs');
const readline = require('node:readline');
const { createHash, randomUUID } = require('node:crypto');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
/** CPU seconds (user and system) since `from`: what a busy shared machine moves less than wall time. */
const cpuTime = (from) => {
  const { user, system } = process.cpuUsage(from);
  return (user + system) / 1e6;
};
const root = path.resolve(__dirname, '..', '..');
const { openWorkspaceStore } = require(path.join(root, 'dist/backend/store/workspace-store.js'));

(async () => {
  const [file, workspace] = process.argv.slice(2);
  // Same schema and pragmas as a workspace; the store is closed and the file reopened bare.
  openWorkspaceStore(workspace).close();
  const Database = require('better-sqlite3');
  const db = new Database(workspace);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const insertTrajectory = db.prepare(
    "INSERT INTO trajectories (id, kind, title, source, created_at, turn_count, tool_set) VALUES (?, 'imported', ?, ?, ?, ?, ?)",
  );
  // Each record's declared tools, stored once per distinct set, as Trellis stores them.
  const insertToolSet = db.prepare('INSERT OR IGNORE INTO tool_sets (id, tools) VALUES (?, ?)');
  const insertTurn = db.prepare(
    'INSERT INTO turns (trajectory_id, idx, role, content, tool_calls, tool_call_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const now = new Date().toISOString();
  let batch = [];
  let line = 0;
  const flush = db.transaction((records) => {
    for (const { id, n, messages, tools } of records) {
      const toolsText = JSON.stringify(tools);
      const toolSet = createHash('sha256').update(toolsText).digest('hex');
      insertToolSet.run(toolSet, toolsText);
      insertTrajectory.run(id, messages[0].content.slice(0, 80), `bench.jsonl:${n}`, now, messages.length, toolSet);
      messages.forEach((m, i) => {
        const calls = m.tool_calls
          ? JSON.stringify(
              m.tool_calls.map((c) => ({ id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) })),
            )
          : null;
        insertTurn.run(id, i, m.role, m.content ?? null, calls, m.tool_call_id ?? null);
      });
    }
  });
  for await (const text of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
    line++;
    if (!text.trim()) continue;
    const { messages, tools } = JSON.parse(text);
    batch.push({ id: randomUUID(), n: line, messages, tools });
    if (batch.length === 2000) {
      flush(batch);
      batch = [];
    }
  }
  flush(batch);
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpuTime(cpuStarted);
  const turns = db.prepare('SELECT count(*) FROM turns').pluck().get();
  db.close();
  process.stdout.write(
    JSON.stringify({ seconds, cpuSeconds, turns, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }),
  );
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
