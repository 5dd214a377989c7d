// Runs the SQL on standard input with DuckDB (the @duckdb/node-api package,
// found through NODE_PATH) and prints the rows as one JSON array, so Go
// tests can check the notebook queries of docs/datasets.md.
const { DuckDBInstance } = require('@duckdb/node-api');

async function main() {
  let sql = '';
  for await (const chunk of process.stdin) sql += chunk;
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  const r = await c.runAndReadAll(sql);
  const rows = r.getRowObjectsJS();
  process.stdout.write(JSON.stringify(rows, (k, v) => (typeof v === 'bigint' ? Number(v) : v)) + '\n');
}

main().catch((e) => {
  process.stderr.write(String(e && e.message ? e.message : e) + '\n');
  process.exit(1);
});
