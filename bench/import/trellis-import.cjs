// Child process: imports FILE into a new workspace with Trellis's importer and reports its
// time, peak RSS and RSS at each quarter of the file. Argv: FILE WORKSPACE
const path = require('node:path');
const { performance } = require('node:perf_hooks');
/** CPU seconds (user and system) since `from`: what a busy shared machine moves less than wall time. */
const cpuTime = (from) => {
  const { user, system } = process.cpuUsage(from);
  return (user + system) / 1e6;
};
const root = path.resolve(__dirname, '..', '..');
const { openWorkspaceStore } = require(path.join(root, 'dist/backend/store/workspace-store.js'));
const { importTrajectoryFile } = require(path.join(root, 'dist/backend/trajectories/import-file.js'));

(async () => {
  const [file, workspace] = process.argv.slice(2);
  const store = openWorkspaceStore(workspace);
  const rssAt = [];
  let next = 0.25;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const report = await importTrajectoryFile(store, {
    file,
    mode: 'strict',
    onProgress: (p) => {
      if (p.totalBytes && p.bytes / p.totalBytes >= next) {
        rssAt.push(Math.round(process.memoryUsage().rss / 2 ** 20));
        next += 0.25;
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpuTime(cpuStarted);
  if (!report.committed) throw new Error(`import refused: ${JSON.stringify(report.rejected.slice(0, 3))}`);
  rssAt.push(Math.round(process.memoryUsage().rss / 2 ** 20));
  const turns = store.db.prepare('SELECT count(*) FROM turns').pluck().get();
  store.close();
  process.stdout.write(
    JSON.stringify({
      seconds,
      cpuSeconds,
      imported: report.imported,
      toolSets: report.toolSets,
      shape: report.shape,
      turns,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      rssAt,
    }),
  );
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
