"""The SQL of the table file (:mod:`grundy.core.tablefile`): the schema of
its tables (``positions``, ``shards``, ``digests``, ``journal``,
``journal_merges``) and the statements that write rows and merge the
journal into ``digests`` (see :meth:`grundy.core.tablefile.SQLiteFile.merge_journal`).
"""

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS positions (game TEXT NOT NULL, nauty TEXT NOT NULL, "
    "key BLOB NOT NULL, value INTEGER, excluded TEXT, PRIMARY KEY (game, nauty, key)) WITHOUT ROWID"
)
#: Shards of a census (grundy.census): a whole class of positions valued at
#: once, stored as one blob per shard with a JSON summary.
_SHARDS = (
    "CREATE TABLE IF NOT EXISTS shards (game TEXT NOT NULL, nauty TEXT NOT NULL, "
    "shard TEXT NOT NULL, data BLOB NOT NULL, summary TEXT NOT NULL, PRIMARY KEY (game, nauty, shard)) WITHOUT ROWID"
)
_DIGESTS = (
    "CREATE TABLE IF NOT EXISTS digests (game TEXT NOT NULL, nauty TEXT NOT NULL, "
    "digest BLOB NOT NULL, value INTEGER, excluded TEXT, PRIMARY KEY (game, nauty, digest)) WITHOUT ROWID"
)
#: Rows a compact table saves, appended as they come (no index to update:
#: a checkpoint of a large file writes a few pages, not one per row) and
#: merged into ``digests`` in digest order now and then (see
#: :meth:`grundy.core.tablefile.SQLiteFile.merge_journal`); rowid order is the order of writing.
_JOURNAL = (
    "CREATE TABLE IF NOT EXISTS journal (game TEXT NOT NULL, nauty TEXT NOT NULL, "
    "digest BLOB NOT NULL, value INTEGER, excluded TEXT)"
)
#: How many journal merges have deleted rows from the file's journal (one
#: row): a merge whose count is unchanged between its copy and its delete
#: knows that no other process's merge deleted rows in between, so that no
#: rowid up to its last one was given again to a newer row.
_JOURNAL_MERGES = (
    "CREATE TABLE IF NOT EXISTS journal_merges (id INTEGER PRIMARY KEY CHECK (id = 0), count INTEGER NOT NULL)"
)
#: The journal's rows to merge, copied in digest order (the rows of one
#: digest in the order written) to a temporary table of the connection: one
#: sort, then each range of digests read in order (see
#: :meth:`grundy.core.tablefile.SQLiteFile.merge_journal`).
_MERGING = (
    "CREATE TEMP TABLE merging (digest BLOB NOT NULL, seq INTEGER NOT NULL, value INTEGER, excluded TEXT, "
    "PRIMARY KEY (digest, seq)) WITHOUT ROWID"
)
_MERGING_FILL = (
    "INSERT INTO temp.merging (digest, seq, value, excluded) SELECT digest, rowid, value, excluded FROM journal "
    "WHERE game = ? AND nauty = ? AND rowid <= ? ORDER BY digest, rowid"
)
#: The rows of one range of digests applied to ``digests``, in digest order,
#: the rows of one digest in the order written: a value row sets the value
#: and clears the mask; a partial row sets the mask where no value is known
#: (as _DIGEST_VALUE and _DIGEST_PARTIAL row by row). The SELECT's WHERE
#: clause is what lets SQLite parse the upsert after it (its documented rule).
_MERGE_SET = (
    " ORDER BY digest, seq ON CONFLICT (game, nauty, digest) DO UPDATE SET "
    "value = coalesce(excluded.value, digests.value), "
    "excluded = CASE WHEN coalesce(excluded.value, digests.value) IS NULL THEN excluded.excluded ELSE NULL END"
)
_MERGE_FROM = (
    "INSERT INTO digests (game, nauty, digest, value, excluded) "
    "SELECT ?, ?, digest, value, excluded FROM temp.merging WHERE digest >= ?"
)
_MERGE = _MERGE_FROM + " AND digest < ?" + _MERGE_SET
#: The last range (no upper bound).
_MERGE_LAST = _MERGE_FROM + _MERGE_SET
#: The journal rows a merge copied, found by their content (rowid, digest,
#: value, mask): what it deletes when another merge ran since its copy.
_DELETE_COPIED = (
    "DELETE FROM journal WHERE game = ? AND nauty = ? AND rowid <= ? AND EXISTS (SELECT 1 FROM temp.merging m "
    "WHERE m.digest = journal.digest AND m.seq = journal.rowid AND m.value IS journal.value "
    "AND m.excluded IS journal.excluded)"
)
_DIGEST_VALUE = (
    "INSERT INTO digests (game, nauty, digest, value, excluded) VALUES (?, ?, ?, ?, NULL) "
    "ON CONFLICT (game, nauty, digest) DO UPDATE SET value = excluded.value, excluded = NULL"
)
_DIGEST_PARTIAL = (
    "INSERT INTO digests (game, nauty, digest, value, excluded) VALUES (?, ?, ?, NULL, ?) "
    "ON CONFLICT (game, nauty, digest) DO UPDATE SET excluded = excluded.excluded WHERE digests.value IS NULL"
)
_UPSERT_VALUE = (
    "INSERT INTO positions (game, nauty, key, value, excluded) VALUES (?, ?, ?, ?, NULL) "
    "ON CONFLICT (game, nauty, key) DO UPDATE SET value = excluded.value, excluded = NULL"
)
_UPSERT_PARTIAL = (
    "INSERT INTO positions (game, nauty, key, value, excluded) VALUES (?, ?, ?, NULL, ?) "
    "ON CONFLICT (game, nauty, key) DO UPDATE SET excluded = excluded.excluded WHERE positions.value IS NULL"
)
