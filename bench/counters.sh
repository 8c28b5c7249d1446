#!/usr/bin/env bash
# What a kept row count costs concurrent writers: `npm run bench:counters [-- <runs> <seconds>]`.
# pgbench (PG_BIN, default /usr/lib/postgresql/15/bin) against a throwaway database on
# DATABASE_URL's server (default 127.0.0.1:5432): 50 clients each writing a row and its audit
# entry in one transaction, with no counter, one counter row for the table, 16 rows picked by
# process id, and a row per backend (what migration 20261130_160000_live_row_counts keeps); then
# single-row updates of a trashed table, with no trigger, a statement trigger with transition
# tables, and the row trigger with a condition that the migration uses. Runs interleaved.
set -euo pipefail
export PGOPTIONS="-c client_min_messages=warning"
runs=${1:-3}
seconds=${2:-15}
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
server=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
server=${server%/*}
db="counters_bench_$$"
psql() { "$bin/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }
psql "$server/postgres" -c "CREATE DATABASE $db"
work=$(mktemp -d)
trap 'rm -rf "$work"; psql "$server/postgres" -c "DROP DATABASE IF EXISTS $db" >/dev/null' EXIT
url="$server/$db"
psql "$url" <<'SQL'
CREATE TABLE audit_log (id bigserial PRIMARY KEY, action text, collection text, record_id text, actor text, created_at timestamptz DEFAULT now());
CREATE TABLE consumer (id bigserial PRIMARY KEY, name text, ssn bytea, created_at timestamptz DEFAULT now());
CREATE TABLE ev (id serial PRIMARY KEY, status text, next_steps text, deleted_at timestamptz, updated_at timestamptz);
INSERT INTO ev (status) SELECT 'Searching' FROM generate_series(1, 100000);
CREATE TABLE one_row (table_name text PRIMARY KEY, row_count bigint NOT NULL);
INSERT INTO one_row VALUES ('audit_log', 0);
CREATE TABLE live_row_counts (table_name text, shard integer, row_count bigint NOT NULL, PRIMARY KEY (table_name, shard));
CREATE FUNCTION one_row_apply() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  UPDATE one_row SET row_count = row_count + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME;
  RETURN NULL; END $$;
CREATE FUNCTION sharded_apply() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO live_row_counts SELECT TG_TABLE_NAME, pg_backend_pid() % TG_ARGV[0]::int, count(*) FROM new_rows
    ON CONFLICT (table_name, shard) DO UPDATE SET row_count = live_row_counts.row_count + excluded.row_count;
  RETURN NULL; END $$;
CREATE FUNCTION moved_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint; BEGIN
  SELECT (SELECT count(*) FROM new_rows WHERE deleted_at IS NULL) - (SELECT count(*) FROM old_rows WHERE deleted_at IS NULL) INTO delta;
  IF delta <> 0 THEN UPDATE one_row SET row_count = row_count + delta WHERE table_name = 'ev'; END IF;
  RETURN NULL; END $$;
CREATE FUNCTION moved_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  UPDATE one_row SET row_count = row_count + CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE -1 END WHERE table_name = 'ev';
  RETURN NULL; END $$;
SQL
cat > "$work/write.sql" <<'SQL'
BEGIN;
INSERT INTO consumer (name, ssn) VALUES ('Maria', '\x0102030405');
INSERT INTO audit_log (action, collection, record_id, actor) VALUES ('create', 'consumer', 'x', 'users:1');
COMMIT;
SQL
cat > "$work/update.sql" <<'SQL'
\set id random(1, 100000)
UPDATE ev SET status = 'Had Conversation', next_steps = 'call back', updated_at = now() WHERE id = :id;
SQL
statement="REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION"
declare -A writes=(
  ['none']=''
  ['one row for the table']="$statement one_row_apply()"
  ['16 rows by process id']="$statement sharded_apply('16')"
  ['a row per backend']="$statement sharded_apply('2147483647')"
)
declare -A updates=(
  ['none']=''
  ['statement trigger, transition tables']='REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION moved_statement()'
  ['row trigger with a condition']='FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)) EXECUTE FUNCTION moved_row()'
)
tps() { "$bin/pgbench" -n -c 50 -j 2 -T "$seconds" -f "$1" "$url" 2>/dev/null | sed -n 's/^tps = \([0-9.]*\).*/\1/p'; }
declare -A results=()
# measure <kind> <table> <event> <script> <name> <trigger definition, empty for none>
measure() {
  psql "$url" -c "DROP TRIGGER IF EXISTS measured ON $2"
  [ -z "$6" ] || psql "$url" -c "CREATE TRIGGER measured AFTER $3 ON $2 $6"
  results["$1|$5"]+="$(tps "$4") "
  echo "run $run, $1, $5: ${results["$1|$5"]}" >&2
}
for run in $(seq "$runs"); do
  for name in "${!writes[@]}"; do
    measure write audit_log INSERT "$work/write.sql" "$name" "${writes[$name]}"
  done
  for name in "${!updates[@]}"; do
    measure update ev UPDATE "$work/update.sql" "$name" "${updates[$name]}"
  done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "| Work | Counter | tps (median of $runs) | × none |"
echo "|---|---|--:|--:|"
for kind in write update; do
  base=$(echo "${results["$kind|none"]}" | median)
  for key in "${!results[@]}"; do
    [ "${key%%|*}" = "$kind" ] || continue
    value=$(echo "${results[$key]}" | median)
    awk -v k="$kind" -v n="${key#*|}" -v v="$value" -v b="$base" \
      'BEGIN { printf "| %s | %s | %.0f | %.2f |\n", k, n, v, v / b }'
  done
done
